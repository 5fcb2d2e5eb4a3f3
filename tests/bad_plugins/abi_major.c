/* Built against a future ABI 2.0: another major, which the host must refuse. */
#include "poll_flower.h"

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_MAKE_VERSION(2, 0),
    .name = "abi-major",
    .version = "1.0.0",
    .library = "poll",
    .library_version = rbtest_library_version,
    .description = "claims ABI 2.0",
    .flower = &rbtest_poll_flower_ops,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return &descriptor;
}
