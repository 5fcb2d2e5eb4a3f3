/* Built against ABI 1.3, which appended a member the host does not know: the host must refuse
 * a minor newer than its own even though the struct is large enough. */
#include "poll_flower.h"

typedef struct plugin_1_3 {
  rb_plugin base;
  const void* added_in_1_3;
} plugin_1_3;

static const plugin_1_3 descriptor = {
    .base =
        {
            .struct_size = sizeof(plugin_1_3),
            .abi_version = RB_MAKE_VERSION(1, 3),
            .name = "minor-too-new",
            .version = "1.0.0",
            .library = "poll",
            .library_version = rbtest_library_version,
            .description = "claims ABI 1.3",
            .flower = &rbtest_poll_flower_ops,
        },
    .added_in_1_3 = &descriptor,
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return &descriptor.base;
}
