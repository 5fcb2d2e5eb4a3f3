// The C ABI tables of a C++ plugin, one per workload, built from the plugin's
// declared options and, per table, a maker: a function that constructs the workload object
// from the checked params and the parsed options, returned as a unique_ptr:
//   make(host, params, options)        flower, pingpong server/client, rr server
//   make(host, consumerCpu, options)   notify (consumerCpu -1 when the params predate it)
// or the same without the host, for an object that does not ask the host anything.
// The entry points check their arguments, parse the options for their table's workload
// (Options::parse, declared_options.h), call the object directly (no virtual call in the
// measured paths) and run inside guardedCall, so nothing throws across the boundary.
//
// What each object provides:
//   flower                     arm(), dispatch(), reportCounters(sink)
//   notify                     post(value), finish() -> rb_notify_result, reportCounters(sink)
//   pingpong server, rr server serve(), reportCounters(sink)
//   pingpong client            run(), reportCounters(sink)
// SystemErrors: see guardedCall.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "abi_guard.h"
#include "reactorbench/plugin.h"

namespace rbcommon {

template <typename Result, typename... Args>
Result resultOf(Result (*)(Args...));

// The workload object a maker returns a unique_ptr to.
template <auto make>
using MadeBy = typename decltype(resultOf(make))::element_type;

// What a maker receives of the params, once the caller's struct is known to be
// new enough.
inline const rb_flower_params& checkedParams(const rb_flower_params* params) {
  return requireParams(params, offsetof(rb_flower_params, write_fds) + sizeof params->write_fds,
                       "flower params");
}
inline int checkedParams(const rb_notify_params* params) {
  const auto& checked = requireParams(params, sizeof params->struct_size, "notify params");
  const bool hasCpu =
      checked.struct_size >= offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu;
  return hasCpu ? checked.consumer_cpu : -1;
}
// The servers' and the client's params are read whole: they end without padding, so their
// size is where the last member ends (a host built against an older, shorter struct is
// refused).
static_assert(sizeof(rb_pingpong_server_params) ==
              offsetof(rb_pingpong_server_params, block_size) + sizeof(std::uint32_t));
static_assert(sizeof(rb_pingpong_client_params) ==
              offsetof(rb_pingpong_client_params, verify_stride) + sizeof(std::uint32_t));
static_assert(sizeof(rb_rr_server_params) ==
              offsetof(rb_rr_server_params, body_size) + sizeof(std::uint32_t));
// The workload a table's params belong to, as option declarations name it.
template <typename Params>
constexpr const char* workloadOf(const Params*) {
  if constexpr (std::is_same_v<Params, rb_flower_params>) {
    return "flower";
  } else if constexpr (std::is_same_v<Params, rb_notify_params>) {
    return "notify";
  } else if constexpr (std::is_same_v<Params, rb_pingpong_server_params>) {
    return "pingpong_server";
  } else if constexpr (std::is_same_v<Params, rb_pingpong_client_params>) {
    return "pingpong_client";
  } else {
    static_assert(std::is_same_v<Params, rb_rr_server_params>, "not a workload table's params");
    return "rr_server";
  }
}

// "pingpong server params" for rb_pingpong_server_params, in an error.
template <typename Params>
std::string paramsName(const Params* params) {
  std::string name = workloadOf(params);
  for (char& c : name) c = c == '_' ? ' ' : c;
  return name + " params";
}
template <typename Params>
const Params& checkedParams(const Params* params) {
  return requireParams(params, sizeof *params, paramsName(params).c_str());
}

// The entry points over the object `make` makes from Options::parse's options; a table
// takes the ones its workload has.
template <typename Options, auto make, typename... SystemErrors>
struct Entry {
  using Object = MadeBy<make>;

  template <typename Params>
  static int prepare(const rb_host* host, const Params* params, const rb_option* options,
                     std::uint32_t optionCount, void** state, char* err,
                     std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(err, errLen, [&] {
      clearStateOut(state);
      const auto& checked = checkedParams(params);
      const auto parsed = Options::parse(workloadOf(params), options, optionCount);
      if constexpr (std::is_invocable_v<decltype(make), const rb_host*, decltype(checked),
                                        decltype(parsed)>) {
        *state = make(host, checked, parsed).release();
      } else {
        *state = make(checked, parsed).release();
      }
    });
  }
  static int arm(void* state, char* err, std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(err, errLen, [&] { stateOf<Object>(state).arm(); });
  }
  static int dispatch(void* state, char* err, std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(err, errLen, [&] { stateOf<Object>(state).dispatch(); });
  }
  static int serve(void* state, char* err, std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(err, errLen, [&] { stateOf<Object>(state).serve(); });
  }
  static int run(void* state, char* err, std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(err, errLen, [&] { stateOf<Object>(state).run(); });
  }
  static int post(void* state, std::uint64_t value) noexcept {
    return guardedPost([&] { static_cast<Object*>(state)->post(value); });
  }
  static int finish(void* state, rb_notify_result* result, char* err, std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(err, errLen, [&] {
      if (result == nullptr) {
        throw std::invalid_argument("finish: result is NULL");
      }
      const rb_notify_result got = stateOf<Object>(state).finish();
      result->count = got.count;
      result->sum = got.sum;
    });
  }
  static int counters(void* state, const rb_counter_sink* sink, char* err,
                      std::size_t errLen) noexcept {
    return guardedCall<SystemErrors...>(
        err, errLen, [&] { stateOf<Object>(state).reportCounters(requireSink(sink)); });
  }
  static void release(void* state) noexcept { delete static_cast<Object*>(state); }
};

// A plugin's tables: Options (declared_options.h) parses what prepare receives, each table's
// maker builds its object; e.g. &Ops::flower<&makeFlower>.
template <typename Options, typename... SystemErrors>
struct PluginOps {
  template <auto make>
  using E = Entry<Options, make, SystemErrors...>;

  template <auto make>
  static constexpr rb_flower_ops flower = {
      sizeof(rb_flower_ops), &E<make>::template prepare<rb_flower_params>,
      &E<make>::arm,         &E<make>::dispatch,
      &E<make>::counters,    &E<make>::release};
  template <auto make>
  static constexpr rb_notify_ops notify = {
      sizeof(rb_notify_ops), &E<make>::template prepare<rb_notify_params>,
      &E<make>::post,        &E<make>::finish,
      &E<make>::counters,    &E<make>::release};
  // A server's or the client's table: prepare over its own params, `go` (serve or run),
  // counters, release.
  template <typename Ops, typename Params, auto make, auto go>
  static constexpr Ops serverOrClient = {sizeof(Ops), &E<make>::template prepare<Params>, go,
                                         &E<make>::counters, &E<make>::release};
  template <auto make>
  static constexpr rb_pingpong_server_ops pingpongServer =
      serverOrClient<rb_pingpong_server_ops, rb_pingpong_server_params, make, &E<make>::serve>;
  template <auto make>
  static constexpr rb_pingpong_client_ops pingpongClient =
      serverOrClient<rb_pingpong_client_ops, rb_pingpong_client_params, make, &E<make>::run>;
  template <auto make>
  static constexpr rb_rr_server_ops rrServer =
      serverOrClient<rb_rr_server_ops, rb_rr_server_params, make, &E<make>::serve>;
};

// What a notify consumer's finish() returns.
inline rb_notify_result notifyResult(std::uint64_t count, std::uint64_t sum) {
  rb_notify_result result{};
  result.struct_size = sizeof result;
  result.count = count;
  result.sum = sum;
  return result;
}

}  // namespace rbcommon
