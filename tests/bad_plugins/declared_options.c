/* ABI 1.3: declares its options, one of each type and one that only the notify workload
 * reads, and parses prepare's options from the same table (plugins/common/option_table), over
 * the working poll flower. The config checks and `runner plugins --options` are tested with
 * it; the counter "batch" reports what prepare parsed, so a test sees an option arrive. */
#include "option_table.h"
#include "poll_flower.h"

static const rb_option_decl declared[] = {
    {sizeof(rb_option_decl), RB_OPTION_ENUM, "mode", "poll|spin", "poll", "how dispatch waits",
     NULL},
    {sizeof(rb_option_decl), RB_OPTION_INT, "batch", "1..64", "8", "reads per wake-up", NULL},
    {sizeof(rb_option_decl), RB_OPTION_BOOL, "trace", NULL, "off", "log every read", NULL},
    {sizeof(rb_option_decl), RB_OPTION_STRING, "label", NULL, NULL, "free text for the logs", NULL},
    {sizeof(rb_option_decl), RB_OPTION_ENUM, "wakeup", "pipe|eventfd", "pipe",
     "how a producer wakes the consumer", "notify"},
};
enum { kDeclared = sizeof declared / sizeof declared[0], kBatch = 1 };

/* The runner prepares once per process. */
static long long parsed_batch;

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  rb_option_value values[kDeclared];
  const int rc = option_table_parse(declared, kDeclared, "flower", options, option_count, values,
                                    err, err_len);
  if (rc != RB_OK) return rc;
  parsed_batch = values[kBatch].number;
  return rbtest_poll_flower_ops.prepare(host, params, NULL, 0, state, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  sink->put(sink->ctx, "batch", (uint64_t)parsed_batch);
  return rbtest_poll_flower_ops.counters(state, sink, err, err_len);
}

static rb_flower_ops flower;

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  flower = rbtest_poll_flower_ops;
  flower.prepare = prepare;
  flower.counters = counters;
  return rbtest_poll_plugin((rb_plugin){
      .name = "declared-options",
      .description = "declares its options (ABI 1.3) and parses them from the same table",
      .flower = &flower,
      .options = declared,
      .option_count = kDeclared});
}
