#include "rr_ops.h"

#include <stdexcept>
#include <string>

#include "abi_guard.h"
#include "plugin_options.h"
#include "rr_server.h"

namespace rbmuduo {

namespace {

RrServer& serverOf(void* state) {
  if (state == nullptr) {
    throw std::invalid_argument("state is NULL: prepare did not succeed");
  }
  return *static_cast<RrServer*>(state);
}

}  // namespace

int rrServerPrepare(RegistrationPolicy policy, const rb_rr_server_params* params,
                    const rb_option* options, uint32_t optionCount, void** state, char* err,
                    size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (params == nullptr || state == nullptr) {
      throw std::invalid_argument("rr server: params and state must not be NULL");
    }
    const std::size_t needed = offsetof(rb_rr_server_params, body_size) + sizeof params->body_size;
    if (params->struct_size < needed) {
      throw std::invalid_argument("rr server params are too old (struct_size " +
                                  std::to_string(params->struct_size) + ")");
    }
    if (params->threads == 0) {
      throw std::invalid_argument("rr server: threads is 0");
    }
    *state = new RrServer(*params, policy, parsePluginOptions(options, optionCount));
  });
}

int rrServerServe(void* state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { serverOf(state).serve(); });
}

int rrServerCounters(void* state, const rb_counter_sink* sink, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (sink == nullptr) {
      throw std::invalid_argument("counters: sink is NULL");
    }
    serverOf(state).reportCounters(*sink);
  });
}

void rrServerRelease(void* state) noexcept {
  delete static_cast<RrServer*>(state);
}

}  // namespace rbmuduo
