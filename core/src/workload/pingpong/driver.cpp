#include "workload/pingpong/driver.h"

#include <fmt/format.h>

#include "plugin/loader.h"
#include "workload/counters.h"
#include "workload/pingpong/client_side.h"
#include "workload/plugin_server_side.h"
#include "workload/server_client.h"

namespace rb::workload {
namespace {

constexpr const char* kServer = "the server";

void run_server(const plugin::LoadedPlugin& plugin, const rb_host& host, const CellInputs& inputs,
                const PingpongShape& shape) {
  const rb_pingpong_server_params params{sizeof(rb_pingpong_server_params), inputs.role->listen_fd,
                                         stop_event_fd(), shape.threads, shape.block_size};
  run_plugin_server(plugin.pingpong_server, "pingpong server role", host, params, inputs,
                    {"connections", "bytes_read", "bytes_written"});
}

}  // namespace

std::optional<EventCount> PingpongWorkload::events_in(const CellSpec&, const Sample& sample) const {
  const auto it = sample.counters.find("messages_read");
  if (it == sample.counters.end()) return std::nullopt;
  return EventCount{"message", static_cast<double>(it->second)};
}

long PingpongWorkload::fds_needed(const CellSpec& cell) const {
  return server_client_fds(cell.get_int("sessions"), cell.get_int("threads"));
}

std::optional<std::string> PingpongWorkload::skip_reason(const CellSpec& cell,
                                                         long fd_hard_limit) const {
  return server_client_fd_problem("the server and the client", fds_needed(cell),
                                  cell.get_int("sessions"), "sessions", fd_hard_limit);
}

void PingpongWorkload::run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                           const CellInputs& inputs, const SampleSink& sink) const {
  if (inputs.role == nullptr)
    throw CellFailure("pingpong runs as a server process and a client process; no role given");
  const PingpongShape shape = pingpong_shape(inputs.cell);
  if (inputs.role->role == "server") return run_server(plugin, host, inputs, shape);
  if (inputs.role->role == "client") return run_pingpong_client(plugin, host, inputs, shape, sink);
  throw CellFailure(fmt::format("unknown pingpong role '{}'", inputs.role->role));
}

std::chrono::milliseconds PingpongWorkload::planned_time(const CellSpec& cell,
                                                         int iterations) const {
  return pingpong_shape(cell).duration * iterations;
}

void PingpongWorkload::add_server_usage(const CellSpec& cell, const ServerUsage& usage,
                                        Sample& sample) const {
  const PingpongShape shape = pingpong_shape(cell);
  const auto bytes = sample.counters.find("bytes_read");
  add_server_cpu_and_rss(usage, sample);
  // /proc counts CPU time in clock ticks, so a run too short to register one has no ratio.
  if (bytes != sample.counters.end() && usage.cpu_s > 0)
    sample.metrics["server_mib_per_cpu_s"] =
        static_cast<double>(bytes->second) / kMiB / usage.cpu_s;
  // Either RSS figure is negative when it could not be read: only what is known is recorded.
  if (usage.peak_rss_kib >= 0 && usage.baseline_rss_kib >= 0)
    sample.metrics["server_rss_per_conn_kib"] =
        static_cast<double>(usage.peak_rss_kib - usage.baseline_rss_kib) / shape.sessions;
}

std::optional<std::string> PingpongWorkload::check_server(
    const CellSpec& cell, const std::map<std::string, std::uint64_t>& server_counters,
    const std::vector<Sample>& client_samples) const {
  const PingpongShape shape = pingpong_shape(cell);
  try {
    const std::uint64_t connections = required_counter(server_counters, kServer, "connections");
    const std::uint64_t written = required_counter(server_counters, kServer, "bytes_written");
    const std::uint64_t read = required_counter(server_counters, kServer, "bytes_read");
    const std::uint64_t expected_connections =
        std::uint64_t{shape.sessions} * client_samples.size();
    if (connections != expected_connections)
      return fmt::format(
          "the server accepted {} connections; the client opened {} ({} sessions x {} runs)",
          connections, expected_connections, shape.sessions, client_samples.size());
    const std::uint64_t client_read = counter_total(client_samples, "bytes_read");
    // Every byte the server wrote reaches the client before the server's FIN, and the client
    // reads until that FIN: the two totals are equal, and the server read at least as much.
    if (written != client_read || read < written)
      return fmt::format(
          "the server read {} and wrote {} bytes but the client read {} in its {} runs", read,
          written, client_read, client_samples.size());
  } catch (const CellFailure& failure) {
    return failure.what();
  }
  return std::nullopt;
}

}  // namespace rb::workload
