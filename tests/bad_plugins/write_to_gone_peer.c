/* Writes to a pipe whose reader has closed, in its second arm: the write must fail with EPIPE
 * (the cell's process ignores SIGPIPE) and the plugin carries on, so every sample is measured.
 * Any other outcome fails arm with what happened; SIGPIPE would kill the cell. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runtime_plugin.h"

static int write_to_closed_pipe(char* err, size_t err_len) {
  int fds[2];
  if (pipe(fds) != 0) {
    snprintf(err, err_len, "pipe: %s", strerror(errno));
    return RB_ERR_SYSTEM;
  }
  close(fds[0]);
  const ssize_t written = write(fds[1], "x", 1);
  const int error = errno;
  close(fds[1]);
  if (written >= 0 || error != EPIPE) {
    snprintf(err, err_len, "a write to a pipe without a reader returned %zd (%s), not EPIPE",
             written, written >= 0 ? "no error" : strerror(error));
    return RB_ERR_SYSTEM;
  }
  return RB_OK;
}

static int arm(void* state, char* err, size_t err_len) {
  if (rbtest_arm_calls == 2 && write_to_closed_pipe(err, err_len) != RB_OK) return RB_ERR_SYSTEM;
  return rbtest_poll_flower_ops.arm(state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("write-to-gone-peer",
                                   "writes to a pipe without a reader in its second arm",
                                   (rb_flower_ops){.arm = arm}))
