/* A descriptor without a name. */
#include "poll_flower.h"

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = NULL,
    .version = "1.0.0",
    .library = "poll",
    .library_version = rbtest_library_version,
    .description = "has no name",
    .flower = &rbtest_poll_flower_ops,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return &descriptor;
}
