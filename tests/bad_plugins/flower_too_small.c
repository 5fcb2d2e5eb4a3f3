/* A valid descriptor whose flower table declares a struct_size ending before `release`. */
#include <stddef.h>

#include "poll_flower.h"

static rb_flower_ops truncated_ops;

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "flower-too-small",
    .version = "1.0.0",
    .library = "poll",
    .library_version = rbtest_library_version,
    .description = "a flower table that is too short",
    .flower = &truncated_ops,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  truncated_ops = rbtest_poll_flower_ops;
  truncated_ops.struct_size = offsetof(rb_flower_ops, counters);
  return &descriptor;
}
