// The plugin descriptor. This one source builds both plugins; RBMUDUO_ADD_ALWAYS (set by
// CMakeLists.txt, which also links the matching default Poller) picks the names.
#include <memory>
#include <stdexcept>

#include "abi_tables.h"
#include "flower.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "plugin_descriptor.h"
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
                                        const PluginOptions& options) {
  return std::make_unique<FlowerBench>(host, params, options);
}

std::unique_ptr<NotifyBench> makeNotify(const rb_host* host, int consumerCpu,
                                        const PluginOptions& options) {
  return std::make_unique<NotifyBench>(host, consumerCpu, options);
}

std::unique_ptr<PingpongServer> makePingpongServer(const rb_pingpong_server_params& params,
                                                   const PluginOptions& options) {
  if (params.threads == 0) {
    throw std::invalid_argument("pingpong server: threads is 0");
  }
  return std::make_unique<PingpongServer>(params, options);
}

std::unique_ptr<PingpongClient> makePingpongClient(const rb_pingpong_client_params& params,
                                                   const PluginOptions& options) {
  return std::make_unique<PingpongClient>(params, options);
}

std::unique_ptr<RrServer> makeRrServer(const rb_rr_server_params& params,
                                       const PluginOptions& options) {
  if (params.threads == 0) {
    throw std::invalid_argument("rr server: threads is 0");
  }
  return std::make_unique<RrServer>(params, options);
}

using Ops = rbcommon::PluginOps<DeclaredPluginOptions>;

// The plugin this source is built as: [0] the MOD policy, [1] the ADD-always policy. Both
// wrap no library: the reactor is this project's own (reactor/), in muduo's design. The first
// was called "muduo" until that name was found to pass it off as the library; the runner
// still loads it by that name (core/src/model/plugin_renames.h).
constexpr rbcommon::PluginWords kPolicies[] = {
    {"muduo-style", "1.0.0", "reimplementation", &libraryVersion,
     "this project's reimplementation of a muduo-style reactor (EventLoop/Channel/epoll Poller), "
     "not the muduo library: EPOLL_CTL_ADD once then EPOLL_CTL_MOD, as muduo does"},
    {"epoll-add-always", "1.0.0", "reimplementation", &libraryVersion,
     "this project's reimplementation of a muduo-style reactor (EventLoop/Channel/epoll Poller), "
     "not the muduo library: EPOLL_CTL_ADD on every update with EEXIST ignored (the patch "
     "that set up fastest on bench.c)"},
};

const rb_plugin kPlugin =
    rbcommon::describePlugin(kPolicies[kAddAlways ? 1 : 0],
                             {.flower = &Ops::flower<&makeFlower>,
                              .notify = &Ops::notify<&makeNotify>,
                              .pingpongServer = &Ops::pingpongServer<&makePingpongServer>,
                              .pingpongClient = &Ops::pingpongClient<&makePingpongClient>,
                              .rrServer = &Ops::rrServer<&makeRrServer>},
                             kOptionDecls);

}  // namespace
}  // namespace rbmuduo

RB_CXX_PLUGIN_ENTRY(rbmuduo::kPlugin)
