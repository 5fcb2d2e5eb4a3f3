// The plugin descriptor. This one source builds both plugins; RBMUDUO_ADD_ALWAYS (set by
// CMakeLists.txt, which also links the matching default Poller) picks the names.
#include <cstdint>
#include <memory>
#include <stdexcept>

#include "abi_tables.h"
#include "flower.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

#ifndef RBMUDUO_ADD_ALWAYS
#error "RBMUDUO_ADD_ALWAYS must be defined to 0 (MOD policy) or 1 (ADD-always policy)"
#endif

namespace rbmuduo {
namespace {

constexpr bool kAddAlways = RBMUDUO_ADD_ALWAYS != 0;

const char* libraryVersion() {
  return kAddAlways ? "1.0.0 (ADD-always policy)" : "1.0.0 (MOD policy)";
}

std::unique_ptr<FlowerBench> makeFlower(const rb_host* host, const rb_flower_params& params,
                                        const rb_option* options, std::uint32_t optionCount) {
  return std::make_unique<FlowerBench>(host, params,
                                       parsePluginOptions("flower", options, optionCount));
}

std::unique_ptr<NotifyBench> makeNotify(const rb_host* host, int consumerCpu,
                                        const rb_option* options, std::uint32_t optionCount) {
  return std::make_unique<NotifyBench>(host, consumerCpu,
                                       parsePluginOptions("notify", options, optionCount));
}

std::unique_ptr<PingpongServer> makePingpongServer(const rb_host*,
                                                   const rb_pingpong_server_params& params,
                                                   const rb_option* options,
                                                   std::uint32_t optionCount) {
  if (params.threads == 0) {
    throw std::invalid_argument("pingpong server: threads is 0");
  }
  return std::make_unique<PingpongServer>(
      params, parsePluginOptions("pingpong_server", options, optionCount));
}

std::unique_ptr<PingpongClient> makePingpongClient(const rb_host*,
                                                   const rb_pingpong_client_params& params,
                                                   const rb_option* options,
                                                   std::uint32_t optionCount) {
  return std::make_unique<PingpongClient>(
      params, parsePluginOptions("pingpong_client", options, optionCount));
}

std::unique_ptr<RrServer> makeRrServer(const rb_host*, const rb_rr_server_params& params,
                                       const rb_option* options, std::uint32_t optionCount) {
  if (params.threads == 0) {
    throw std::invalid_argument("rr server: threads is 0");
  }
  return std::make_unique<RrServer>(params, parsePluginOptions("rr_server", options, optionCount));
}

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
    .flower = &rbcommon::kFlowerOps<&makeFlower>,
    .notify = &rbcommon::kNotifyOps<&makeNotify>,
    .pingpong_server = &rbcommon::kPingpongServerOps<&makePingpongServer>,
    .pingpong_client = &rbcommon::kPingpongClientOps<&makePingpongClient>,
    .rr_server = &rbcommon::kRrServerOps<&makeRrServer>,
    .options = kOptionDecls.data(),
    .option_count = static_cast<std::uint32_t>(kOptionDecls.size()),
};

}  // namespace
}  // namespace rbmuduo

RB_PLUGIN_ENTRY(host_abi) {
  return rbcommon::offeredTo(host_abi, rbmuduo::kPlugin);
}
