// The options check every workload's suite runs the same way, whatever its table's first call.
#pragma once

#include <string_view>

#include "reactorbench/plugin.h"
#include "workload/checks/check.h"
#include "workload/checks/check_helpers.h"
#include "workload/checks/phase_watchdog.h"
#include "workload/checks/watched_session.h"

namespace rb::workload {

// Calls the table's first call (`call`: prepare or start) with the user's --option list plus
// one no plugin knows, under the watchdog. Releases what a wrongly successful call made,
// then throws unless the key was refused.
template <typename Ops>
void expect_unknown_option_refused_by(CheckContext& context, std::string_view call, const Ops& ops,
                                      const typename plugin::PluginTable<Ops>::Params& params) {
  WatchedSession<Ops> session(context, ops);
  const plugin::CallOutcome outcome = session.try_prepare(
      plugin::Phase(call, {}), context.host, params, with_unknown_option(context.options));
  session.release();
  expect_unknown_option_refused(call, outcome.code, outcome.message.c_str());
}

}  // namespace rb::workload
