/* Spins forever in its second dispatch, deaf to the host's stop request: only the watchdog's
 * SIGKILL ends it. */
#include "runtime_plugin.h"

static int dispatch(void* state, char* err, size_t err_len) {
  if (rbtest_dispatch_calls == 2) {
    volatile unsigned long spins = 0;
    for (;;) ++spins;
  }
  return rbtest_poll_flower_ops.dispatch(state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin(
    "spin-in-dispatch", "loops forever in its second dispatch, ignoring the stop request",
    (rb_flower_ops){.dispatch = dispatch}))
