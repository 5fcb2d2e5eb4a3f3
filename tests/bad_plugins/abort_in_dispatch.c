/* Calls abort() in its third dispatch: SIGABRT after a warm-up and one measured iteration. */
#include <stdlib.h>

#include "runtime_plugin.h"

static int dispatch(void* state, char* err, size_t err_len) {
  if (rbtest_dispatch_calls == 3) abort();
  return rbtest_poll_flower_ops.dispatch(state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("abort-in-dispatch", "calls abort() in its third dispatch",
                                   (rb_flower_ops){.dispatch = dispatch}))
