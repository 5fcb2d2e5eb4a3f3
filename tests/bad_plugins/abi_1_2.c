/* A plugin built against ABI 1.2, before options were declared: abi_version 1.2 and the 1.2
 * descriptor size. Past its struct_size lie bytes the host must never read (here a bogus
 * options pointer and count): it must load with no declared options and work as before. Its
 * prepare is the only judge of its options, as every plugin's was before 1.3: it takes
 * "depth" with any value and refuses every other key. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "runtime_plugin.h"

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  for (uint32_t i = 0; i < option_count; ++i) {
    if (strcmp(options[i].key, "depth") != 0) {
      snprintf(err, err_len, "unknown option '%s' (this plugin takes: depth)", options[i].key);
      return RB_ERR_INVALID_ARGUMENT;
    }
  }
  return rbtest_poll_flower_ops.prepare(host, params, NULL, 0, state, err, err_len);
}

static rb_plugin descriptor;

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  descriptor = *rbtest_runtime_plugin("abi-1-2", "", (rb_flower_ops){.prepare = prepare});
  descriptor.struct_size = offsetof(rb_plugin, options);
  descriptor.abi_version = RB_MAKE_VERSION(1, 2);
  descriptor.description = "built against ABI 1.2: no declared options, and it must load and work";
  descriptor.options = (const rb_option_decl*)(uintptr_t)0x1;
  descriptor.option_count = 3;
  return &descriptor;
}
