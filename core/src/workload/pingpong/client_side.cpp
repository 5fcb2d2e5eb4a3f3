// The client half of a pingpong round, in the client's child process.
#include <fmt/format.h>

#include "plugin/loader.h"
#include "plugin/plugin_session.h"
#include "proc/own_memory.h"
#include "proc/own_usage.h"
#include "workload/host_services.h"
#include "workload/pingpong/client_side.h"

namespace rb::workload {
namespace {

std::uint64_t required(const plugin::Counters& counters, const char* name) {
  const auto it = counters.find(name);
  if (it == counters.end())
    throw CellFailure(fmt::format("the client did not report the required counter '{}'", name));
  return it->second;
}

// Where the stream first broke, when the client says (the optional first_mismatch_* counters).
std::string first_mismatch(const plugin::Counters& counters) {
  const char* names[] = {"first_mismatch_session", "first_mismatch_offset",
                         "first_mismatch_expected", "first_mismatch_got"};
  std::uint64_t values[4] = {};
  for (int i = 0; i < 4; ++i) {
    const auto it = counters.find(names[i]);
    if (it == counters.end()) return "";
    values[i] = it->second;
  }
  return fmt::format("; the first in session {} at stream offset {}: expected {}, got {}",
                     values[0], values[1], values[2], values[3]);
}

// The ABI's promises about one finished run, in the order a person would look for them.
void verify_run(const plugin::Counters& counters, const PingpongShape& shape, int run) {
  const std::uint64_t refused = required(counters, "connect_failures");
  const std::uint64_t resets = required(counters, "resets");
  const std::uint64_t completed = required(counters, "sessions_completed");
  const std::uint64_t mismatches = required(counters, "verify_mismatches");
  const std::uint64_t verified = required(counters, "verified_bytes");
  const std::uint64_t bytes = required(counters, "bytes_read");
  required(counters, "messages_read");
  if (refused > 0 || resets > 0)
    throw CellFailure(fmt::format(
        "run {}: {} of {} sessions could not connect and {} were closed or reset by the server "
        "before the client shut them down",
        run, refused, shape.sessions, resets));
  if (mismatches > 0)
    throw CellFailure(
        fmt::format("run {}: {} echoed bytes differed from the pattern (of {} bytes verified){}",
                    run, mismatches, verified, first_mismatch(counters)));
  if (completed != shape.sessions)
    throw CellFailure(
        fmt::format("run {}: {} of {} sessions completed", run, completed, shape.sessions));
  const std::uint64_t first_blocks = std::uint64_t{shape.sessions} * shape.block_size;
  if (bytes < first_blocks)
    throw CellFailure(fmt::format(
        "run {}: the client read {} bytes, less than one echoed block per session ({} x {})", run,
        bytes, shape.sessions, shape.block_size));
  if (shape.verify_stride() > 0 && verified == 0)
    throw CellFailure(
        fmt::format("run {}: verify = \"{}\" but the client verified no byte", run, shape.verify));
}

}  // namespace

void run_pingpong_client(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const PingpongShape& shape,
                         const SampleSink& sink) {
  if (!plugin.pingpong_client) throw CellFailure("plugin does not offer the pingpong client role");
  const rb_pingpong_client_ops& ops = *plugin.pingpong_client;
  const rb_pingpong_client_params params{sizeof(rb_pingpong_client_params),
                                         inputs.role->host.c_str(),
                                         static_cast<uint16_t>(inputs.role->port),
                                         shape.sessions,
                                         shape.block_size,
                                         shape.threads,
                                         static_cast<uint64_t>(shape.duration.count()),
                                         stop_event_fd(),
                                         shape.verify_stride()};
  long baseline_rss_kib = -1;

  const int total = inputs.warmup + inputs.repetitions;
  for (int i = 0; i < total; ++i) {
    if (stop_requested()) throw CellFailure(fmt::format("run {}: stopped by the host", i));
    plugin::PluginSession<rb_pingpong_client_ops> session(ops);
    session.prepare("client prepare", host, params, inputs.options);
    // After the first prepare and before any connection: the client's idle footprint. Each
    // run's peak is measured from its own start.
    proc::reset_own_peak_rss();
    if (baseline_rss_kib < 0) baseline_rss_kib = proc::own_rss_kib();

    MeasuredScope measured(inputs.phase);
    const proc::ProcessUsage usage_before = proc::process_usage_now();
    const uint64_t t_start = host.now_ns(host.ctx);
    session.call("client run", &rb_pingpong_client_ops::run);
    const uint64_t t_end = host.now_ns(host.ctx);
    const proc::ProcessUsage usage = proc::usage_between(usage_before, proc::process_usage_now());
    measured.end();
    const double user_s = static_cast<double>(usage.user_us) / 1e6;
    const double sys_s = static_cast<double>(usage.sys_us) / 1e6;
    const double cpu_s = user_s + sys_s;

    plugin::Counters counters = session.counters("client counters");
    verify_run(counters, shape, i);

    const double seconds = static_cast<double>(t_end - t_start) / 1e9;
    const double mib = static_cast<double>(counters.at("bytes_read")) / kMiB;
    const long peak_rss_kib = proc::own_peak_rss_kib();
    Sample sample;
    sample.round = inputs.round;
    sample.iteration = i;
    sample.warmup = i < inputs.warmup;
    sample.metrics = {
        {"seconds", seconds},
        {"mib_per_s", mib / seconds},
        {"messages_per_s", static_cast<double>(counters.at("messages_read")) / seconds},
        {"client_cpu_s", cpu_s},
        {"client_user_s", user_s},
        {"client_sys_s", sys_s},
    };
    if (cpu_s > 0) sample.metrics["client_mib_per_cpu_s"] = mib / cpu_s;
    // Either RSS figure is -1 when /proc could not be read: only what is known is recorded.
    if (peak_rss_kib >= 0)
      sample.metrics["client_peak_rss_kib"] = static_cast<double>(peak_rss_kib);
    if (baseline_rss_kib >= 0)
      counters["client_baseline_rss_kib"] = static_cast<std::uint64_t>(baseline_rss_kib);
    if (peak_rss_kib >= 0 && baseline_rss_kib >= 0)
      sample.metrics["client_rss_per_conn_kib"] =
          static_cast<double>(peak_rss_kib - baseline_rss_kib) / shape.sessions;
    sample.counters = std::move(counters);
    sink(sample);
  }
}

}  // namespace rb::workload
