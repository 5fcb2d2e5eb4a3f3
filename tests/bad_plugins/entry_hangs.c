/* An entry that never returns: the probe's timeout must end it. */
#include <unistd.h>

#include <reactorbench/plugin.h>

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  for (;;) pause();
  return NULL;
}
