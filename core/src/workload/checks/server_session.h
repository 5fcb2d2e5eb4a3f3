// One prepare..release of a server-role plugin (pingpong's server, rr's) on a host listener,
// for the conformance checks: every plugin call under the watchdog, serve() on the calling
// thread as in the runner while a host peer plays the other side on another thread and then
// asks the host to stop. Ops is the workload's table (prepare/serve/counters/release).
#pragma once

#include <fmt/format.h>
#include <exception>
#include <optional>
#include <string>
#include <thread>

#include "workload/checks/check.h"
#include "workload/checks/peer_support.h"
#include "workload/host_services.h"
#include "workload/plugin_call.h"

namespace rb::workload {

template <typename Ops, typename Params>
class ServerSession {
 public:
  ServerSession(CheckContext& context, const Ops& ops, const Params& params)
      : context_(context), ops_(ops), params_(params) {
    const workload::OptionArray options(context.options);
    context_.watchdog.guard("prepare", [&] {
      workload::call_plugin("prepare", [&](char* err, size_t len) {
        return ops_.prepare(&context_.host, &params_, options.data(), options.size(), &state_, err,
                            len);
      });
    });
    prepared_ = true;
  }
  ~ServerSession() { release(); }
  ServerSession(const ServerSession&) = delete;
  ServerSession& operator=(const ServerSession&) = delete;

  template <typename Peer>
  void serve_with(Peer&& peer) {
    std::optional<std::string> peer_failure;
    std::jthread client([&] {
      try {
        peer();
      } catch (const std::exception& e) {
        peer_failure = e.what();
      }
      ask_host_to_stop();
    });
    char err[1024] = {0};
    const int rc = context_.watchdog.guard(
        "serve", [&] { return ops_.serve(state_, err, sizeof err); },
        fmt::format("serve did not return within {} ms (the host asks it to stop through "
                    "stop_fd and SIGTERM once its peer is done)",
                    context_.watchdog.limit().count()));
    const bool returned_early = !workload::stop_requested();
    err[sizeof err - 1] = '\0';
    context_.watchdog.guard("host client", [&] { client.join(); });
    if (rc != RB_OK)
      throw workload::CellFailure(
          fmt::format("serve failed ({}): {}{}", workload::describe_rb_error(rc),
                      err[0] != '\0' ? err : "no message",
                      peer_failure ? "; host client: " + *peer_failure : ""));
    if (returned_early)
      throw workload::CellFailure("serve returned RB_OK before the host asked the server to stop");
    if (peer_failure) throw workload::CellFailure(*peer_failure);
  }

  workload::Counters counters() {
    return context_.watchdog.guard("counters", [&] {
      return workload::collect_counters("counters",
                                        [&](const rb_counter_sink* sink, char* err, size_t len) {
                                          return ops_.counters(state_, sink, err, len);
                                        });
    });
  }

  void release() {
    if (!prepared_) return;
    prepared_ = false;
    context_.watchdog.guard("release", [&] { ops_.release(state_); });
  }

 private:
  CheckContext& context_;
  const Ops& ops_;
  Params params_;
  void* state_ = nullptr;
  bool prepared_ = false;
};

}  // namespace rb::workload
