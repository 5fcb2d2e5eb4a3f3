/* Writes garbage to stdout and stderr in every phase: text that looks like the runner's own
 * report lines, NUL bytes, invalid UTF-8 and output without a newline. A cell's stdout and
 * stderr go to its log file, never into the sample stream, so the results stay intact. */
#include <stdio.h>
#include <unistd.h>

#include "runtime_plugin.h"

static void scribble(const char* phase) {
  static const char junk[] = "\0\xff\xfe garbage \x80\x81{\"type\":";
  printf(
      "{\"type\":\"sample\",\"round\":0,\"iteration\":99,\"warmup\":false,\"metrics\":{},"
      "\"counters\":{}}\n{\"type\":\"done\"}\nNOISY-PLUGIN %s\n",
      phase);
  fprintf(stderr, "{\"type\":\"failed\",\"reason\":\"NOISY-PLUGIN fake failure in %s\"}\n", phase);
  (void)!write(STDOUT_FILENO, junk, sizeof junk - 1);
  (void)!write(STDERR_FILENO, junk, sizeof junk - 1);
}

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  scribble("prepare");
  return rbtest_poll_flower_ops.prepare(host, params, options, option_count, state, err, err_len);
}

static int arm(void* state, char* err, size_t err_len) {
  scribble("arm");
  return rbtest_poll_flower_ops.arm(state, err, err_len);
}

static int dispatch(void* state, char* err, size_t err_len) {
  const int rc = rbtest_poll_flower_ops.dispatch(state, err, err_len);
  scribble("dispatch");
  return rc;
}

static void release(void* state) {
  scribble("release");
  rbtest_poll_flower_ops.release(state);
}

RBTEST_ENTRY(rbtest_runtime_plugin(
    "noisy-output", "writes fake report lines and binary junk to stdout and stderr",
    (rb_flower_ops){.prepare = prepare, .arm = arm, .dispatch = dispatch, .release = release}))
