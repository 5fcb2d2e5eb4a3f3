// The bodies of the C ABI entry points, shared by both plugins: each checks its arguments,
// calls the style's factory (style_factories.h) or the object it made, and runs inside
// guardedCall, so nothing throws across the boundary. plugin_entry.cpp binds them to the
// style's factories.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "flower.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "plugin_options.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

namespace rbasio {

using RrServerFactory = std::unique_ptr<RrServer> (*)(const rb_rr_server_params&,
                                                      const PluginOptions&);
using PingpongServerFactory = std::unique_ptr<PingpongServer> (*)(const rb_pingpong_server_params&,
                                                                  const PluginOptions&);
using PingpongClientFactory = std::unique_ptr<PingpongClient> (*)(const rb_pingpong_client_params&,
                                                                  const PluginOptions&);
using FlowerFactory = std::unique_ptr<Flower> (*)(const rb_host*, const rb_flower_params&);

int rrPrepare(RrServerFactory make, const rb_rr_server_params* params, const rb_option* options,
              std::uint32_t optionCount, void** state, char* err, std::size_t errLen) noexcept;
int rrServe(void* state, char* err, std::size_t errLen) noexcept;
int rrCounters(void* state, const rb_counter_sink* sink, char* err, std::size_t errLen) noexcept;
void rrRelease(void* state) noexcept;

int pingpongServerPrepare(PingpongServerFactory make, const rb_pingpong_server_params* params,
                          const rb_option* options, std::uint32_t optionCount, void** state,
                          char* err, std::size_t errLen) noexcept;
int pingpongServerServe(void* state, char* err, std::size_t errLen) noexcept;
int pingpongServerCounters(void* state, const rb_counter_sink* sink, char* err,
                           std::size_t errLen) noexcept;
void pingpongServerRelease(void* state) noexcept;

int pingpongClientPrepare(PingpongClientFactory make, const rb_pingpong_client_params* params,
                          const rb_option* options, std::uint32_t optionCount, void** state,
                          char* err, std::size_t errLen) noexcept;
int pingpongClientRun(void* state, char* err, std::size_t errLen) noexcept;
int pingpongClientCounters(void* state, const rb_counter_sink* sink, char* err,
                           std::size_t errLen) noexcept;
void pingpongClientRelease(void* state) noexcept;

int flowerPrepare(FlowerFactory make, const rb_host* host, const rb_flower_params* params,
                  const rb_option* options, std::uint32_t optionCount, void** state, char* err,
                  std::size_t errLen) noexcept;
int flowerArm(void* state, char* err, std::size_t errLen) noexcept;
int flowerDispatch(void* state, char* err, std::size_t errLen) noexcept;
int flowerCounters(void* state, const rb_counter_sink* sink, char* err,
                   std::size_t errLen) noexcept;
void flowerRelease(void* state) noexcept;

}  // namespace rbasio
