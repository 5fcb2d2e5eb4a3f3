/* Works, but exports a helper besides the entry symbol, as a plugin built without hidden
 * visibility or the version script does: validate's exports check names it. */
#include "runtime_plugin.h"

__attribute__((visibility("default"))) int rbtest_helper_left_visible(void) {
  return 42;
}

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return rbtest_runtime_plugin("extra-export", "exports a helper besides the entry symbol",
                               (rb_flower_ops){0});
}
