/* Works, but exports a helper besides the entry symbol, as a plugin built without hidden
 * visibility or the version script does: validate's exports check names it. */
#include "runtime_plugin.h"

__attribute__((visibility("default"))) int rbtest_helper_left_visible(void) {
  return 42;
}

RBTEST_ENTRY(rbtest_runtime_plugin("extra-export", "exports a helper besides the entry symbol",
                                   (rb_flower_ops){0}))
