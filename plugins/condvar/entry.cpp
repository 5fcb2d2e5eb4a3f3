// The condvar-queue descriptor: the notify workload only.
#include <gnu/libc-version.h>

#include <cstdint>
#include <memory>

#include "abi_tables.h"
#include "notify.h"
#include "options.h"
#include "reactorbench/plugin.h"

namespace rbcondvar {
namespace {

std::unique_ptr<CondvarQueue> makeQueue(const rb_host* host, int consumerCpu,
                                        const rb_option* options, std::uint32_t optionCount) {
  return std::make_unique<CondvarQueue>(host, consumerCpu,
                                        parseCondvarOptions(options, optionCount));
}

// std::mutex and std::condition_variable are glibc's pthread_mutex and pthread_cond.
const char* libraryVersion() {
  return gnu_get_libc_version();
}

const rb_plugin kPlugin = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "condvar-queue",
    .version = "1.0.0",
    .library = "glibc-pthread",
    .library_version = &libraryVersion,
    .description =
        "mutex + condition variable + deque hand-off, no event loop (seed 004's "
        "winner); options notify=signal|broadcast, batch=false|true",
    .flower = nullptr,
    .notify = &rbcommon::kNotifyOps<&makeQueue>,
    .pingpong_server = nullptr,
    .pingpong_client = nullptr,
    .rr_server = nullptr,
    .options = kOptionDecls.data(),
    .option_count = static_cast<std::uint32_t>(kOptionDecls.size()),
};

}  // namespace
}  // namespace rbcondvar

RB_PLUGIN_ENTRY(host_abi) {
  return rbcommon::offeredTo(host_abi, rbcondvar::kPlugin);
}
