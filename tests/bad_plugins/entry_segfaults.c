/* An entry that dies with SIGSEGV: only the probing child may die, never the runner. */
#include <signal.h>

#include <reactorbench/plugin.h>

RB_PLUGIN_ENTRY(host_abi) {
  (void)host_abi;
  raise(SIGSEGV);
  return NULL;
}
