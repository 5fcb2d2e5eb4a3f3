#include "runtime_plugin.h"

int rbtest_arm_calls = 0;
int rbtest_dispatch_calls = 0;

static rb_flower_ops replaced_ops;
static rb_flower_ops table;
static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  const rb_flower_ops* ops = replaced_ops.prepare ? &replaced_ops : &rbtest_poll_flower_ops;
  return ops->prepare(host, params, options, option_count, state, err, err_len);
}

static int arm(void* state, char* err, size_t err_len) {
  ++rbtest_arm_calls;
  const rb_flower_ops* ops = replaced_ops.arm ? &replaced_ops : &rbtest_poll_flower_ops;
  return ops->arm(state, err, err_len);
}

static int dispatch(void* state, char* err, size_t err_len) {
  ++rbtest_dispatch_calls;
  const rb_flower_ops* ops = replaced_ops.dispatch ? &replaced_ops : &rbtest_poll_flower_ops;
  return ops->dispatch(state, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const rb_flower_ops* ops = replaced_ops.counters ? &replaced_ops : &rbtest_poll_flower_ops;
  return ops->counters(state, sink, err, err_len);
}

static void release(void* state) {
  const rb_flower_ops* ops = replaced_ops.release ? &replaced_ops : &rbtest_poll_flower_ops;
  ops->release(state);
}

const rb_plugin* rbtest_runtime_plugin(const char* name, const char* description,
                                       rb_flower_ops replaced) {
  replaced_ops = replaced;
  table = (rb_flower_ops){sizeof(rb_flower_ops), prepare, arm, dispatch, counters, release};
  return rbtest_poll_plugin(
      (rb_plugin){.name = name, .description = description, .flower = &table});
}
