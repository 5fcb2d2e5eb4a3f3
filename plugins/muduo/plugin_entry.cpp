// The plugin descriptor. This one source builds both plugins; RBMUDUO_POLICY_ADD_ALWAYS
// (set by CMakeLists.txt) picks the Poller's registration policy and the names.
#include <cstddef>
#include <memory>
#include <stdexcept>

#include "abi_guard.h"
#include "flower_bench.h"
#include "notify_entry.h"
#include "pingpong_ops.h"
#include "plugin_options.h"
#include "reactorbench/plugin.h"
#include "rr_ops.h"

#ifndef RBMUDUO_POLICY_ADD_ALWAYS
#error "RBMUDUO_POLICY_ADD_ALWAYS must be defined to 0 (MOD policy) or 1 (ADD-always policy)"
#endif

namespace rbmuduo {
namespace {

constexpr bool kAddAlways = RBMUDUO_POLICY_ADD_ALWAYS != 0;
constexpr RegistrationPolicy kPolicy =
    kAddAlways ? RegistrationPolicy::kAddAlways : RegistrationPolicy::kModify;

const char* libraryVersion() {
  return kAddAlways ? "1.0.0 (ADD-always policy)" : "1.0.0 (MOD policy)";
}

// Reads a field only if the caller's struct is new enough to have it.
template <typename Struct>
constexpr bool covers(const Struct& s, std::size_t offset, std::size_t size) {
  return s.struct_size >= offset + size;
}

int flowerPrepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                  uint32_t optionCount, void** state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (params == nullptr || state == nullptr) {
      throw std::invalid_argument("prepare: params and state must not be NULL");
    }
    if (!covers(*params, offsetof(rb_flower_params, write_fds), sizeof params->write_fds)) {
      throw std::invalid_argument("prepare: rb_flower_params is too old (struct_size " +
                                  std::to_string(params->struct_size) + ")");
    }
    const PluginOptions parsed = parsePluginOptions(options, optionCount);
    *state = new FlowerBench(host, *params, kPolicy, parsed);
  });
}

FlowerBench& benchOf(void* state) {
  if (state == nullptr) {
    throw std::invalid_argument("state is NULL: prepare did not succeed");
  }
  return *static_cast<FlowerBench*>(state);
}

int flowerArm(void* state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { benchOf(state).arm(); });
}

int flowerDispatch(void* state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { benchOf(state).dispatch(); });
}

int flowerCounters(void* state, const rb_counter_sink* sink, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (sink == nullptr) {
      throw std::invalid_argument("counters: sink is NULL");
    }
    benchOf(state).reportCounters(*sink);
  });
}

// The destructor cannot throw: DEL failures are counted, not raised.
void flowerRelease(void* state) noexcept {
  delete static_cast<FlowerBench*>(state);
}

const rb_flower_ops kFlowerOps = {
    .struct_size = sizeof(rb_flower_ops),
    .prepare = &flowerPrepare,
    .arm = &flowerArm,
    .dispatch = &flowerDispatch,
    .counters = &flowerCounters,
    .release = &flowerRelease,
};

const rb_plugin kPlugin = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = kAddAlways ? "epoll-add-always" : "muduo",
    .version = "1.0.0",
    .library = "reactorbench-muduo-style",
    .library_version = &libraryVersion,
    .description = kAddAlways
                       ? "muduo-style reactor (EventLoop/Channel/epoll Poller), EPOLL_CTL_ADD on "
                         "every update with EEXIST ignored (seed 000's patch)"
                       : "muduo-style reactor (EventLoop/Channel/epoll Poller), EPOLL_CTL_ADD "
                         "once then EPOLL_CTL_MOD, as muduo",
    .flower = &kFlowerOps,
    .notify = kAddAlways ? &kNotifyOpsAddAlways : &kNotifyOpsModify,
    .pingpong_server = &kPingpongServerOps<kPolicy>,
    .pingpong_client = &kPingpongClientOps<kPolicy>,
    .rr_server = &kRrServerOps<kPolicy>,
};

}  // namespace
}  // namespace rbmuduo

RB_PLUGIN_ENTRY(host_abi) {
  if (RB_VERSION_MAJOR(host_abi) != RB_ABI_MAJOR) {
    return nullptr;
  }
  return &rbmuduo::kPlugin;
}
