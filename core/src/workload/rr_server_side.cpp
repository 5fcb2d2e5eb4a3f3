// The server half of an rr round (or of `runner serve`), in the server's child process.
#include <fmt/format.h>

#include "plugin/loader.h"
#include "workload/host_services.h"
#include "workload/own_memory.h"
#include "workload/plugin_call.h"
#include "workload/rr_sides.h"

namespace rb::workload {
namespace {

constexpr const char* kRequiredCounters[] = {"connections", "requests", "bad_requests"};

}  // namespace

void run_rr_server(const plugin::LoadedPlugin& plugin, const rb_host& host,
                   const CellInputs& inputs, const RrShape& shape) {
  if (!plugin.rr_server) throw CellFailure("plugin does not offer the rr server");
  const rb_rr_server_ops& ops = *plugin.rr_server;
  const rb_rr_server_params params{sizeof(rb_rr_server_params), inputs.role->listen_fd,
                                   stop_event_fd(), shape.threads, shape.body_size};
  const OptionArray options(inputs.options);

  void* state = nullptr;
  call_plugin("server prepare", [&](char* err, size_t len) {
    return ops.prepare(&host, &params, options.data(), options.size(), &state, err, len);
  });
  struct Releaser {
    const rb_rr_server_ops& ops;
    void* state;
    ~Releaser() { ops.release(state); }
  } releaser{ops, state};

  reset_own_peak_rss();
  const long baseline_rss_kib = own_rss_kib();
  Counters ready;
  if (baseline_rss_kib >= 0)
    ready["baseline_rss_kib"] = static_cast<std::uint64_t>(baseline_rss_kib);
  inputs.role->ready(ready);

  call_plugin("serve", [&](char* err, size_t len) { return ops.serve(state, err, len); });
  if (!stop_requested())
    throw CellFailure("serve returned before the host asked the server to stop");

  Counters counters =
      collect_counters("server counters", [&](const rb_counter_sink* s, char* err, size_t len) {
        return ops.counters(state, s, err, len);
      });
  for (const char* name : kRequiredCounters)
    if (counters.find(name) == counters.end())
      throw CellFailure(fmt::format("the server did not report the required counter '{}'", name));
  if (baseline_rss_kib >= 0)
    counters["baseline_rss_kib"] = static_cast<std::uint64_t>(baseline_rss_kib);
  inputs.role->final_counters(counters);
}

}  // namespace rb::workload
