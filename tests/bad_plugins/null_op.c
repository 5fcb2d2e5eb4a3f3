/* A flower table without the required dispatch op. */
#include "poll_flower.h"

static rb_flower_ops ops_without_dispatch;

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "null-op",
    .version = "1.0.0",
    .library = "poll",
    .library_version = rbtest_library_version,
    .description = "flower.dispatch is NULL",
    .flower = &ops_without_dispatch,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  ops_without_dispatch = rbtest_poll_flower_ops;
  ops_without_dispatch.dispatch = NULL;
  return &descriptor;
}
