#include "abi_ops.h"

#include <stdexcept>

#include "entry_guard.h"

namespace rbasio {

namespace {

void requireStateOut(void** state) {
  if (state == nullptr) {
    throw std::invalid_argument("prepare: state is NULL");
  }
  *state = nullptr;
}

const rb_counter_sink& requireSink(const rb_counter_sink* sink) {
  if (sink == nullptr || sink->put == nullptr) {
    throw std::invalid_argument("counters: the sink or its put function is NULL");
  }
  return *sink;
}

}  // namespace

int rrPrepare(RrServerFactory make, const rb_rr_server_params* params, const rb_option* options,
              std::uint32_t optionCount, void** state, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    requireStateOut(state);
    const auto& checked =
        requireParams(params, offsetof(rb_rr_server_params, body_size) + sizeof params->body_size,
                      "rr server params");
    const PluginOptions parsed =
        parsePluginOptions(options, optionCount, OptionScope::kConnections);
    *state = make(checked, parsed).release();
  });
}

int rrServe(void* state, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<RrServer>(state).serve(); });
}

int rrCounters(void* state, const rb_counter_sink* sink, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen,
                     [&] { stateOf<RrServer>(state).reportCounters(requireSink(sink)); });
}

void rrRelease(void* state) noexcept {
  delete static_cast<RrServer*>(state);
}

int pingpongServerPrepare(PingpongServerFactory make, const rb_pingpong_server_params* params,
                          const rb_option* options, std::uint32_t optionCount, void** state,
                          char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    requireStateOut(state);
    const auto& checked = requireParams(
        params, offsetof(rb_pingpong_server_params, block_size) + sizeof params->block_size,
        "pingpong server params");
    const PluginOptions parsed =
        parsePluginOptions(options, optionCount, OptionScope::kConnections);
    *state = make(checked, parsed).release();
  });
}

int pingpongServerServe(void* state, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<PingpongServer>(state).serve(); });
}

int pingpongServerCounters(void* state, const rb_counter_sink* sink, char* err,
                           std::size_t errLen) noexcept {
  return guardedCall(err, errLen,
                     [&] { stateOf<PingpongServer>(state).reportCounters(requireSink(sink)); });
}

void pingpongServerRelease(void* state) noexcept {
  delete static_cast<PingpongServer*>(state);
}

int pingpongClientPrepare(PingpongClientFactory make, const rb_pingpong_client_params* params,
                          const rb_option* options, std::uint32_t optionCount, void** state,
                          char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    requireStateOut(state);
    const auto& checked = requireParams(
        params, offsetof(rb_pingpong_client_params, verify_stride) + sizeof params->verify_stride,
        "pingpong client params");
    const PluginOptions parsed =
        parsePluginOptions(options, optionCount, OptionScope::kConnections);
    *state = make(checked, parsed).release();
  });
}

int pingpongClientRun(void* state, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<PingpongClient>(state).run(); });
}

int pingpongClientCounters(void* state, const rb_counter_sink* sink, char* err,
                           std::size_t errLen) noexcept {
  return guardedCall(err, errLen,
                     [&] { stateOf<PingpongClient>(state).reportCounters(requireSink(sink)); });
}

void pingpongClientRelease(void* state) noexcept {
  delete static_cast<PingpongClient*>(state);
}

int flowerPrepare(FlowerFactory make, const rb_host* host, const rb_flower_params* params,
                  const rb_option* options, std::uint32_t optionCount, void** state, char* err,
                  std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    requireStateOut(state);
    const auto& checked = requireParams(
        params, offsetof(rb_flower_params, write_fds) + sizeof params->write_fds, "flower params");
    parsePluginOptions(options, optionCount, OptionScope::kFlower);
    *state = make(host, checked).release();
  });
}

int flowerArm(void* state, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<Flower>(state).arm(); });
}

int flowerDispatch(void* state, char* err, std::size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] { stateOf<Flower>(state).dispatch(); });
}

int flowerCounters(void* state, const rb_counter_sink* sink, char* err,
                   std::size_t errLen) noexcept {
  return guardedCall(err, errLen,
                     [&] { stateOf<Flower>(state).reportCounters(requireSink(sink)); });
}

void flowerRelease(void* state) noexcept {
  delete static_cast<Flower*>(state);
}

}  // namespace rbasio
