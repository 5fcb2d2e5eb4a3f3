// The plugin descriptor. This one source builds both plugins; RBASIO_STYLE_COROUTINE (set
// by CMakeLists.txt) picks the name, and the style sources linked next to it
// (callback_*.cpp or coroutine_*.cpp) define the factories the makers call.
#include <boost/system/system_error.hpp>
#include <boost/version.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "abi_tables.h"
#include "options.h"
#include "reactorbench/plugin.h"
#include "style_factories.h"

#ifndef RBASIO_STYLE_COROUTINE
#error "RBASIO_STYLE_COROUTINE must be defined to 0 (completion handlers) or 1 (coroutines)"
#endif

namespace rbasio {
namespace {

constexpr bool kCoroutines = RBASIO_STYLE_COROUTINE != 0;

// Boost is header-only here, so the version compiled in is the version that runs.
const char* libraryVersion() {
  // BOOST_VERSION is major * 100000 + minor * 100 + patch, e.g. 107400 -> "1.74.0".
  static const std::string text = std::to_string(BOOST_VERSION / 100000) + "." +
                                  std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                                  std::to_string(BOOST_VERSION % 100);
  return text.c_str();
}

std::unique_ptr<Flower> prepareFlower(const rb_host* host, const rb_flower_params& params,
                                      const rb_option* options, std::uint32_t optionCount) {
  parsePluginOptions("flower", options, optionCount);
  return makeFlower(host, params);
}

std::unique_ptr<PingpongServer> preparePingpongServer(const rb_host*,
                                                      const rb_pingpong_server_params& params,
                                                      const rb_option* options,
                                                      std::uint32_t optionCount) {
  return makePingpongServer(params, parsePluginOptions("pingpong_server", options, optionCount));
}

std::unique_ptr<PingpongClient> preparePingpongClient(const rb_host*,
                                                      const rb_pingpong_client_params& params,
                                                      const rb_option* options,
                                                      std::uint32_t optionCount) {
  return makePingpongClient(params, parsePluginOptions("pingpong_client", options, optionCount));
}

std::unique_ptr<RrServer> prepareRrServer(const rb_host*, const rb_rr_server_params& params,
                                          const rb_option* options, std::uint32_t optionCount) {
  return makeRrServer(params, parsePluginOptions("rr_server", options, optionCount));
}

// Asio's own calls throw boost::system::system_error, a failed system call as any other.
using BoostSystemError = boost::system::system_error;

const rb_plugin kPlugin = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = kCoroutines ? "asio-coroutine" : "asio-callback",
    .version = "1.0.0",
    .library = "boost-asio",
    .library_version = &libraryVersion,
    .description = kCoroutines
                       ? "Boost.Asio, C++20 coroutines (awaitable, co_spawn, use_awaitable), one "
                         "io_context per thread"
                       : "Boost.Asio, completion handlers (lambdas holding a shared_ptr to the "
                         "session), one io_context per thread",
    .flower = &rbcommon::kFlowerOps<&prepareFlower, BoostSystemError>,
    .notify = nullptr,
    .pingpong_server = &rbcommon::kPingpongServerOps<&preparePingpongServer, BoostSystemError>,
    .pingpong_client = &rbcommon::kPingpongClientOps<&preparePingpongClient, BoostSystemError>,
    .rr_server = &rbcommon::kRrServerOps<&prepareRrServer, BoostSystemError>,
    .options = kOptionDecls.data(),
    .option_count = static_cast<std::uint32_t>(kOptionDecls.size()),
};

}  // namespace
}  // namespace rbasio

RB_PLUGIN_ENTRY(host_abi) {
  return rbcommon::offeredTo(host_abi, rbasio::kPlugin);
}
