// What a style provides. callback_*.cpp define these for asio_callback.so, coroutine_*.cpp
// the same names for asio_coroutine.so; everything they return is shared glue underneath.
#pragma once

#include <memory>

#include "flower.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

namespace rbasio {

// The makers of PluginOps (plugins/common/cxx/abi_tables.h).
std::unique_ptr<RrServer> makeRrServer(const rb_rr_server_params& params,
                                       const PluginOptions& options);
std::unique_ptr<PingpongServer> makePingpongServer(const rb_pingpong_server_params& params,
                                                   const PluginOptions& options);
std::unique_ptr<PingpongClient> makePingpongClient(const rb_pingpong_client_params& params,
                                                   const PluginOptions& options);
// The flower workload (one-byte reads from the host's pipes) takes no options.
std::unique_ptr<Flower> makeFlower(const rb_host* host, const rb_flower_params& params,
                                   const PluginOptions& options);

// Defines makeRrServer and makePingpongServer for a style whose server for a workload is
// Server<Workload> (callback_server.cpp, coroutine_server.cpp).
#define RBASIO_STYLE_SERVERS(Server)                                                          \
  std::unique_ptr<RrServer> makeRrServer(const rb_rr_server_params& params,                   \
                                         const PluginOptions& options) {                      \
    return std::make_unique<Server<RrServer>>(params, options);                               \
  }                                                                                           \
  std::unique_ptr<PingpongServer> makePingpongServer(const rb_pingpong_server_params& params, \
                                                     const PluginOptions& options) {          \
    return std::make_unique<Server<PingpongServer>>(params, options);                         \
  }

}  // namespace rbasio
