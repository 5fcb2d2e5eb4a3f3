/* Built against the ABI after this one, which appended a member the host does not know: the host
 * must refuse a minor newer than its own even though the struct is large enough. */
#include "poll_flower.h"

typedef struct plugin_next {
  rb_plugin base;
  const void* added_in_next;
} plugin_next;

static plugin_next descriptor = {.added_in_next = &descriptor};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  descriptor.base =
      *rbtest_poll_plugin((rb_plugin){.struct_size = sizeof(plugin_next),
                                      .abi_version = RB_MAKE_VERSION(1, RB_ABI_MINOR + 1),
                                      .name = "minor-too-new",
                                      .description = "claims the next ABI minor"});
  return &descriptor.base;
}
