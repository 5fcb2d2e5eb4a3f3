#include "pingpong_ops.h"

#include <stdexcept>
#include <string>

#include "abi_guard.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "plugin_options.h"

namespace rbmuduo {

namespace {

// Reads the params only if the caller's struct is new enough to have every field.
template <typename Params, typename Last>
void requireFields(const Params* params, const Last Params::*, std::size_t lastOffset,
                   const char* what) {
  if (params == nullptr) {
    throw std::invalid_argument(std::string(what) + " is NULL");
  }
  if (params->struct_size < lastOffset + sizeof(Last)) {
    throw std::invalid_argument(std::string(what) + " is too old (struct_size " +
                                std::to_string(params->struct_size) + ")");
  }
}

template <typename T>
T& stateOf(void* state) {
  if (state == nullptr) {
    throw std::invalid_argument("state is NULL: prepare did not succeed");
  }
  return *static_cast<T*>(state);
}

}  // namespace

int pingpongServerPrepare(RegistrationPolicy policy, const rb_pingpong_server_params* params,
                          const rb_option* options, uint32_t optionCount, void** state, char* err,
                          size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    requireFields(params, &rb_pingpong_server_params::block_size,
                  offsetof(rb_pingpong_server_params, block_size), "pingpong server params");
    if (state == nullptr || params->threads == 0) {
      throw std::invalid_argument("pingpong server: state is NULL or threads is 0");
    }
    *state = new PingpongServer(*params, policy, parsePluginOptions(options, optionCount));
  });
}

int pingpongServerServe(void* state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<PingpongServer>(state).serve(); });
}

int pingpongServerCounters(void* state, const rb_counter_sink* sink, char* err,
                           size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (sink == nullptr) {
      throw std::invalid_argument("counters: sink is NULL");
    }
    stateOf<PingpongServer>(state).reportCounters(*sink);
  });
}

void pingpongServerRelease(void* state) noexcept {
  delete static_cast<PingpongServer*>(state);
}

int pingpongClientPrepare(RegistrationPolicy policy, const rb_pingpong_client_params* params,
                          const rb_option* options, uint32_t optionCount, void** state, char* err,
                          size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    requireFields(params, &rb_pingpong_client_params::verify_stride,
                  offsetof(rb_pingpong_client_params, verify_stride), "pingpong client params");
    if (state == nullptr) {
      throw std::invalid_argument("pingpong client: state is NULL");
    }
    *state = new PingpongClient(*params, policy, parsePluginOptions(options, optionCount));
  });
}

int pingpongClientRun(void* state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<PingpongClient>(state).run(); });
}

int pingpongClientCounters(void* state, const rb_counter_sink* sink, char* err,
                           size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (sink == nullptr) {
      throw std::invalid_argument("counters: sink is NULL");
    }
    stateOf<PingpongClient>(state).reportCounters(*sink);
  });
}

void pingpongClientRelease(void* state) noexcept {
  delete static_cast<PingpongClient*>(state);
}

}  // namespace rbmuduo
