/* Same ABI minor as the host but a descriptor larger than the host's rb_plugin: the host must
 * load it and ignore the extra bytes (it copies only what it knows). */
#include <stdint.h>

#include "poll_flower.h"

typedef struct padded_plugin {
  rb_plugin base;
  uint64_t beyond_the_host[4];
} padded_plugin;

static padded_plugin descriptor = {
    .beyond_the_host = {UINT64_C(0xdeadbeefdeadbeef), UINT64_C(0xdeadbeefdeadbeef),
                        UINT64_C(0xdeadbeefdeadbeef), UINT64_C(0xdeadbeefdeadbeef)},
};

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  descriptor.base = *rbtest_poll_plugin(
      (rb_plugin){.struct_size = sizeof(padded_plugin),
                  .name = "larger-same-minor",
                  .description = "declares a larger struct_size at the host's own minor"});
  return &descriptor.base;
}
