// The plugin descriptor. This one source builds both plugins; RBASIO_STYLE_COROUTINE (set
// by CMakeLists.txt) picks the name, and the style sources linked next to it
// (callback_*.cpp or coroutine_*.cpp) define the factories the tables call.
#include <boost/version.hpp>
#include <cstddef>
#include <cstdint>
#include <string>

#include "abi_ops.h"
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

int rrPrepareStyle(const rb_host*, const rb_rr_server_params* params, const rb_option* options,
                   uint32_t optionCount, void** state, char* err, size_t errLen) noexcept {
  return rrPrepare(&makeRrServer, params, options, optionCount, state, err, errLen);
}

int pingpongServerPrepareStyle(const rb_host*, const rb_pingpong_server_params* params,
                               const rb_option* options, uint32_t optionCount, void** state,
                               char* err, size_t errLen) noexcept {
  return pingpongServerPrepare(&makePingpongServer, params, options, optionCount, state, err,
                               errLen);
}

int pingpongClientPrepareStyle(const rb_host*, const rb_pingpong_client_params* params,
                               const rb_option* options, uint32_t optionCount, void** state,
                               char* err, size_t errLen) noexcept {
  return pingpongClientPrepare(&makePingpongClient, params, options, optionCount, state, err,
                               errLen);
}

int flowerPrepareStyle(const rb_host* host, const rb_flower_params* params,
                       const rb_option* options, uint32_t optionCount, void** state, char* err,
                       size_t errLen) noexcept {
  return flowerPrepare(&makeFlower, host, params, options, optionCount, state, err, errLen);
}

const rb_rr_server_ops kRrServerOps = {
    .struct_size = sizeof(rb_rr_server_ops),
    .prepare = &rrPrepareStyle,
    .serve = &rrServe,
    .counters = &rrCounters,
    .release = &rrRelease,
};

const rb_pingpong_server_ops kPingpongServerOps = {
    .struct_size = sizeof(rb_pingpong_server_ops),
    .prepare = &pingpongServerPrepareStyle,
    .serve = &pingpongServerServe,
    .counters = &pingpongServerCounters,
    .release = &pingpongServerRelease,
};

const rb_pingpong_client_ops kPingpongClientOps = {
    .struct_size = sizeof(rb_pingpong_client_ops),
    .prepare = &pingpongClientPrepareStyle,
    .run = &pingpongClientRun,
    .counters = &pingpongClientCounters,
    .release = &pingpongClientRelease,
};

const rb_flower_ops kFlowerOps = {
    .struct_size = sizeof(rb_flower_ops),
    .prepare = &flowerPrepareStyle,
    .arm = &flowerArm,
    .dispatch = &flowerDispatch,
    .counters = &flowerCounters,
    .release = &flowerRelease,
};

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
    .flower = &kFlowerOps,
    .notify = nullptr,
    .pingpong_server = &kPingpongServerOps,
    .pingpong_client = &kPingpongClientOps,
    .rr_server = &kRrServerOps,
};

}  // namespace
}  // namespace rbasio

RB_PLUGIN_ENTRY(host_abi) {
  if (RB_VERSION_MAJOR(host_abi) != RB_ABI_MAJOR) {
    return nullptr;
  }
  return &rbasio::kPlugin;
}
