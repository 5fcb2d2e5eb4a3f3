// The C ABI tables of the pingpong roles. The glue is built once for both plugins, so each
// table is a template on the registration policy, instantiated by plugin_entry.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reactor/poller.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

int pingpongServerPrepare(RegistrationPolicy policy, const rb_pingpong_server_params* params,
                          const rb_option* options, uint32_t optionCount, void** state, char* err,
                          size_t errLen) noexcept;
int pingpongServerServe(void* state, char* err, size_t errLen) noexcept;
int pingpongServerCounters(void* state, const rb_counter_sink* sink, char* err,
                           size_t errLen) noexcept;
void pingpongServerRelease(void* state) noexcept;

int pingpongClientPrepare(RegistrationPolicy policy, const rb_pingpong_client_params* params,
                          const rb_option* options, uint32_t optionCount, void** state, char* err,
                          size_t errLen) noexcept;
int pingpongClientRun(void* state, char* err, size_t errLen) noexcept;
int pingpongClientCounters(void* state, const rb_counter_sink* sink, char* err,
                           size_t errLen) noexcept;
void pingpongClientRelease(void* state) noexcept;

template <RegistrationPolicy Policy>
int pingpongServerPrepareWith(const rb_host*, const rb_pingpong_server_params* params,
                              const rb_option* options, uint32_t optionCount, void** state,
                              char* err, size_t errLen) noexcept {
  return pingpongServerPrepare(Policy, params, options, optionCount, state, err, errLen);
}

template <RegistrationPolicy Policy>
int pingpongClientPrepareWith(const rb_host*, const rb_pingpong_client_params* params,
                              const rb_option* options, uint32_t optionCount, void** state,
                              char* err, size_t errLen) noexcept {
  return pingpongClientPrepare(Policy, params, options, optionCount, state, err, errLen);
}

template <RegistrationPolicy Policy>
inline constexpr rb_pingpong_server_ops kPingpongServerOps = {
    sizeof(rb_pingpong_server_ops), &pingpongServerPrepareWith<Policy>, &pingpongServerServe,
    &pingpongServerCounters, &pingpongServerRelease};

template <RegistrationPolicy Policy>
inline constexpr rb_pingpong_client_ops kPingpongClientOps = {
    sizeof(rb_pingpong_client_ops), &pingpongClientPrepareWith<Policy>, &pingpongClientRun,
    &pingpongClientCounters, &pingpongClientRelease};

}  // namespace rbmuduo
