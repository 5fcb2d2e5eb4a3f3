/* A plugin built against ABI 1.0, before notify and pingpong were appended: it declares
 * abi_version 1.0 and the 1.0 descriptor size. A 1.1 host must load it, see no notify or
 * pingpong table (it never reads past struct_size), and run its flower table. */
#include <stddef.h>
#include <string.h>

#include "runtime_plugin.h"

/* rb_plugin as ABI 1.0 defined it: it ended with the flower table. */
typedef struct rb_plugin_1_0 {
  uint32_t struct_size;
  uint32_t abi_version;
  const char* name;
  const char* version;
  const char* library;
  const char* (*library_version)(void);
  const char* description;
  const rb_flower_ops* flower;
} rb_plugin_1_0;

_Static_assert(sizeof(rb_plugin_1_0) == offsetof(rb_plugin, notify),
               "the 1.0 descriptor is the 1.1 one without the members 1.1 appended");

static rb_plugin_1_0 descriptor;

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  /* The working plugin, described the way a 1.0 build did: the same members up to flower. */
  const rb_plugin* current = rbtest_runtime_plugin(
      "abi-1-0", "built against ABI 1.0: a smaller descriptor, and it must load and work",
      (rb_flower_ops){0});
  memcpy(&descriptor, current, sizeof descriptor);
  descriptor.struct_size = sizeof(rb_plugin_1_0);
  descriptor.abi_version = RB_MAKE_VERSION(1, 0);
  return (const rb_plugin*)&descriptor;
}
