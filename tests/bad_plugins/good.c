/* A well-formed ABI 1.0 plugin with a working flower table: the loader's positive case. */
#include "poll_flower.h"

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "good",
    .version = "1.2.3",
    .library = "poll",
    .library_version = rbtest_library_version,
    .description = "a test plugin that loads and works",
    .flower = &rbtest_poll_flower_ops,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return &descriptor;
}
