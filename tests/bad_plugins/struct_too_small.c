/* Declares a descriptor that ends before the members ABI 1.0 requires. */
#include <stddef.h>

#include "poll_flower.h"

static const rb_plugin descriptor = {
    .struct_size = offsetof(rb_plugin, library_version),
    .abi_version = RB_ABI_VERSION,
    .name = "struct-too-small",
    .version = "1.0.0",
    .library = "poll",
};

RBTEST_ENTRY(&descriptor)
