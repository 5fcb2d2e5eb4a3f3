/* Calls exit(0) in its third dispatch: a clean exit status, yet the cell did not finish, so
 * the runner must not count it as a success. */
#include <stdlib.h>

#include "runtime_plugin.h"

static int dispatch(void* state, char* err, size_t err_len) {
  if (rbtest_dispatch_calls == 3) exit(0);
  return rbtest_poll_flower_ops.dispatch(state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("exit-in-dispatch", "calls exit(0) in its third dispatch",
                                   (rb_flower_ops){.dispatch = dispatch}))
