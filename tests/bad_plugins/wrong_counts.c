/* Does the work but reports one read too few from its second iteration on: the host's check
 * of the counters must fail the cell, naming expected and actual numbers. */
#include "runtime_plugin.h"

typedef struct {
  const rb_counter_sink* real;
} undercount;

static void put_one_less_read(void* ctx, const char* name, uint64_t value) {
  const rb_counter_sink* real = ((const undercount*)ctx)->real;
  const int is_reads = name[0] == 'r' && name[1] == 'e' && name[2] == 'a' && name[3] == 'd' &&
                       name[4] == 's' && name[5] == '\0';
  real->put(real->ctx, name, is_reads && rbtest_arm_calls >= 2 ? value - 1 : value);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  undercount ctx = {sink};
  const rb_counter_sink wrapped = {&ctx, put_one_less_read};
  return rbtest_poll_flower_ops.counters(state, &wrapped, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("wrong-counts", "reports one read too few from iteration 2 on",
                                   (rb_flower_ops){.counters = counters}))
