/* Exports a function, but not RB_ENTRY_SYMBOL. */
#include <reactorbench/plugin.h>

__attribute__((visibility("default"))) const rb_plugin* reactorbench_plugin_entry_misspelt(
    uint32_t host_abi) {
  (void)host_abi;
  return NULL;
}
