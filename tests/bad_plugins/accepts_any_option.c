/* Ignores every option instead of refusing the ones it does not know, so a misspelt option
 * in a config would silently change nothing: validate's options check fails it. */
#include "runtime_plugin.h"

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)options;
  (void)option_count;
  return rbtest_poll_flower_ops.prepare(host, params, NULL, 0, state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("accepts-any-option", "silently ignores unknown options",
                                   (rb_flower_ops){.prepare = prepare}))
