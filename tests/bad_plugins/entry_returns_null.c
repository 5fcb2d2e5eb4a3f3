/* An entry that declines every host. */
#include <reactorbench/plugin.h>

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  return NULL;
}
