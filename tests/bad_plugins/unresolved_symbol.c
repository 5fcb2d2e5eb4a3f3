/* Calls a function no library defines, so dlopen with RTLD_NOW must fail. */
#include <reactorbench/plugin.h>

extern const rb_plugin* rbtest_function_defined_nowhere(uint32_t host_abi);

RB_PLUGIN_ENTRY(host_abi) {
  return rbtest_function_defined_nowhere(host_abi);
}
