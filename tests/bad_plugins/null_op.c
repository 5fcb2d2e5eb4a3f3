/* A flower table without the required dispatch op. */
#include "poll_flower.h"

static rb_flower_ops ops_without_dispatch;

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  ops_without_dispatch = rbtest_poll_flower_ops;
  ops_without_dispatch.dispatch = NULL;
  return rbtest_poll_plugin((rb_plugin){.name = "null-op",
                                        .description = "flower.dispatch is NULL",
                                        .flower = &ops_without_dispatch});
}
