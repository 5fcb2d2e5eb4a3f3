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
#include "workload/checks/watched_session.h"
#include "workload/host_services.h"
#include "workload/workload.h"

namespace rb::workload {

template <typename Ops>
class ServerSession : public WatchedSession<Ops> {
 public:
  ServerSession(CheckContext& context, const Ops& ops,
                const typename plugin::PluginTable<Ops>::Params& params)
      : WatchedSession<Ops>(context, ops), watchdog_(context.watchdog) {
    this->prepare("prepare", context.host, params, context.options);
  }

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
    const std::string overrun = fmt::format(
        "serve did not return within {} ms (the host asks it to stop through "
        "stop_fd and SIGTERM once its peer is done)",
        watchdog_.limit().count());
    const plugin::CallOutcome served = this->try_call({"serve", overrun}, &Ops::serve);
    const bool returned_early = !workload::stop_requested();
    watchdog_.guard("host client", [&] { client.join(); });
    if (!served.ok())
      throw workload::CellFailure(
          fmt::format("serve failed ({}): {}{}", plugin::describe_rb_error(served.code),
                      served.message.empty() ? "no message" : served.message,
                      peer_failure ? "; host client: " + *peer_failure : ""));
    if (returned_early)
      throw workload::CellFailure("serve returned RB_OK before the host asked the server to stop");
    if (peer_failure) throw workload::CellFailure(*peer_failure);
  }

 private:
  PhaseWatchdog& watchdog_;
};

}  // namespace rb::workload
