/* Reports exactly the counts a correct dispatch would (reads = active + writes, writes as
 * asked) without reading or writing a byte: the counters alone cannot tell it from a working
 * plugin, so only the host's check that every pipe was drained catches it. */
#include <stdlib.h>

#include "runtime_plugin.h"

typedef struct {
  uint32_t active;
  uint32_t writes;
} fake_reads;

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)host;
  (void)options;
  (void)option_count;
  (void)err;
  (void)err_len;
  fake_reads* fake = malloc(sizeof *fake);
  if (fake == NULL) return RB_ERR_SYSTEM;
  fake->active = params->active;
  fake->writes = params->writes;
  *state = fake;
  return RB_OK;
}

static int do_nothing(void* state, char* err, size_t err_len) {
  (void)state;
  (void)err;
  (void)err_len;
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  const fake_reads* fake = state;
  sink->put(sink->ctx, "reads", (uint64_t)fake->active + fake->writes);
  sink->put(sink->ctx, "writes", fake->writes);
  return RB_OK;
}

static void release(void* state) {
  free(state);
}

RBTEST_ENTRY(rbtest_runtime_plugin("fake-reads", "reports the right counts without reading",
                                   (rb_flower_ops){.prepare = prepare,
                                                   .arm = do_nothing,
                                                   .dispatch = do_nothing,
                                                   .counters = counters,
                                                   .release = release}))
