/* Opens an eventfd in every arm and never closes it, as a plugin that re-creates its poller
 * each iteration would: validate's fd check names the leaked fds, and a long enough run
 * exhausts the cell's descriptor limit. */
#include <sys/eventfd.h>

#include "runtime_plugin.h"

static int arm(void* state, char* err, size_t err_len) {
  (void)eventfd(0, EFD_CLOEXEC);
  return rbtest_poll_flower_ops.arm(state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("fd-leak", "leaks an eventfd in every arm",
                                   (rb_flower_ops){.arm = arm}))
