// The server half of a two-process round (pingpong, rr, `runner serve`), in the server's child
// process: the same life for every server table (prepare, report ready with the idle RSS,
// serve until the host's stop, final counters, release), only the table and its counters differ.
#pragma once

#include <fmt/format.h>

#include <initializer_list>
#include <optional>

#include "plugin/plugin_session.h"
#include "proc/own_memory.h"
#include "workload/counters.h"
#include "workload/host_services.h"
#include "workload/workload.h"

namespace rb::workload {

// ops is the plugin's table, nullptr when it does not offer `role` (e.g. "rr server").
template <typename ServerOps>
void run_plugin_server(const std::optional<ServerOps>& ops, const char* role, const rb_host& host,
                       const typename plugin::PluginTable<ServerOps>::Params& params,
                       const CellInputs& inputs, std::initializer_list<const char*> required) {
  if (!ops) throw CellFailure(fmt::format("plugin does not offer the {}", role));
  plugin::PluginSession<ServerOps> session(*ops);
  session.prepare("server prepare", host, params, inputs.options);

  // Measured before the first connection: what the server costs with none. The peak the
  // parent reads later then starts from here.
  proc::reset_own_peak_rss();
  const long baseline_rss_kib = proc::own_rss_kib();
  plugin::Counters ready;
  // Negative when /proc cannot be read: then the parent is told nothing rather than 2^64 - 1.
  if (baseline_rss_kib >= 0)
    ready["baseline_rss_kib"] = static_cast<std::uint64_t>(baseline_rss_kib);
  inputs.role->ready(ready);

  session.call("serve", &ServerOps::serve);
  if (!stop_requested())
    throw CellFailure("serve returned before the host asked the server to stop");

  plugin::Counters counters = session.counters("server counters");
  for (const char* name : required) required_counter(counters, "the server", name);
  if (baseline_rss_kib >= 0)
    counters["baseline_rss_kib"] = static_cast<std::uint64_t>(baseline_rss_kib);
  inputs.role->final_counters(counters);
}

}  // namespace rb::workload
