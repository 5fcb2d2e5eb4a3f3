// The condvar-queue descriptor: the notify workload only.
#include <gnu/libc-version.h>

#include <memory>

#include "abi_tables.h"
#include "notify.h"
#include "options.h"
#include "plugin_descriptor.h"
#include "reactorbench/plugin.h"

namespace rbcondvar {
namespace {

std::unique_ptr<CondvarQueue> makeQueue(const rb_host* host, int consumerCpu,
                                        const CondvarOptions& options) {
  return std::make_unique<CondvarQueue>(host, consumerCpu, options);
}

// std::mutex and std::condition_variable are glibc's pthread_mutex and pthread_cond.
const char* libraryVersion() {
  return gnu_get_libc_version();
}

const rb_plugin kPlugin = rbcommon::describePlugin(
    {"condvar-queue", "1.0.0", "glibc-pthread", &libraryVersion,
     "mutex + condition variable + deque hand-off, no event loop (3x a libevent-watched pipe's "
     "rate in the study); options notify=signal|broadcast, batch=false|true"},
    {.notify = &rbcommon::PluginOps<DeclaredCondvarOptions>::notify<&makeQueue>}, kOptionDecls);

}  // namespace
}  // namespace rbcondvar

RB_CXX_PLUGIN_ENTRY(rbcondvar::kPlugin)
