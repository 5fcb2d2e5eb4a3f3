// A plugin session for the conformance checks: every plugin call, release included, runs
// under the check's phase watchdog, so a call that overruns is that check's failure.
#pragma once

#include <string>
#include <utility>

#include "plugin/plugin_session.h"
#include "workload/checks/check.h"
#include "workload/checks/phase_watchdog.h"

namespace rb::workload {

struct WatchdogHook {
  PhaseWatchdog* watchdog;
  template <typename Fn>
  decltype(auto) operator()(const plugin::Phase& phase, Fn&& fn) const {
    return watchdog->guard(phase.name, std::forward<Fn>(fn), std::string(phase.overrun));
  }
};

template <typename Ops>
class WatchedSession : public plugin::PluginSession<Ops, WatchdogHook> {
 public:
  WatchedSession(CheckContext& context, const Ops& ops)
      : plugin::PluginSession<Ops, WatchdogHook>(ops, WatchdogHook{&context.watchdog}) {}
};

}  // namespace rb::workload
