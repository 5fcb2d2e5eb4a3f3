/* Built twice into two directories: two files claiming one plugin name. */
#include "poll_flower.h"

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "duplicate",
    .version = DUPLICATE_VERSION,
    .library = "poll",
    .library_version = rbtest_library_version,
    .description = "one of two plugins with the same name",
    .flower = &rbtest_poll_flower_ops,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return &descriptor;
}
