/* Starts a helper thread in prepare and never stops it: the thread outlives release, which
 * the ABI forbids and validate's threads check reports. */
#define _GNU_SOURCE /* pthread_setname_np */
#include <pthread.h>
#include <unistd.h>

#include "runtime_plugin.h"

static void* idle_forever(void* arg) {
  (void)arg;
  for (;;) pause();
  return NULL;
}

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  pthread_t helper;
  if (pthread_create(&helper, NULL, idle_forever, NULL) == 0) {
    pthread_setname_np(helper, "leaky-helper");
    pthread_detach(helper);
  }
  return rbtest_poll_flower_ops.prepare(host, params, options, option_count, state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("thread-leak", "leaves a thread running after release",
                                   (rb_flower_ops){.prepare = prepare}))
