// The C ABI table of the rr server. The glue is built once for both plugins, so the table is
// a template on the registration policy, instantiated by plugin_entry.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reactor/poller.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

int rrServerPrepare(RegistrationPolicy policy, const rb_rr_server_params* params,
                    const rb_option* options, uint32_t optionCount, void** state, char* err,
                    size_t errLen) noexcept;
int rrServerServe(void* state, char* err, size_t errLen) noexcept;
int rrServerCounters(void* state, const rb_counter_sink* sink, char* err, size_t errLen) noexcept;
void rrServerRelease(void* state) noexcept;

template <RegistrationPolicy Policy>
int rrServerPrepareWith(const rb_host*, const rb_rr_server_params* params, const rb_option* options,
                        uint32_t optionCount, void** state, char* err, size_t errLen) noexcept {
  return rrServerPrepare(Policy, params, options, optionCount, state, err, errLen);
}

template <RegistrationPolicy Policy>
inline constexpr rb_rr_server_ops kRrServerOps = {sizeof(rb_rr_server_ops),
                                                  &rrServerPrepareWith<Policy>, &rrServerServe,
                                                  &rrServerCounters, &rrServerRelease};

}  // namespace rbmuduo
