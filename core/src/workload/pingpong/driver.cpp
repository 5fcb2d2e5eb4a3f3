#include "workload/pingpong/driver.h"

#include <fmt/format.h>

#include "workload/pingpong/sides.h"

namespace rb::workload {
namespace {

// Beyond one socket per session: stdio, the report pipe, the stop eventfd, the listening
// socket, dlopen's transient fd, and per loop thread an epoll fd, its wakeup and timer fds
// and a hand-off pipe pair.
constexpr long kFdMargin = 32;
constexpr long kFdsPerThread = 6;

constexpr double kMiB = 1024.0 * 1024.0;

std::uint64_t counter(const std::map<std::string, std::uint64_t>& counters, const char* name) {
  const auto it = counters.find(name);
  if (it == counters.end())
    throw CellFailure(fmt::format("the server did not report the required counter '{}'", name));
  return it->second;
}

}  // namespace

long PingpongWorkload::fds_needed(const CellSpec& cell) const {
  return cell.get_int("sessions") + kFdMargin + kFdsPerThread * cell.get_int("threads");
}

std::optional<std::string> PingpongWorkload::skip_reason(const CellSpec& cell,
                                                         long fd_hard_limit) const {
  const long needed = fds_needed(cell);
  if (needed > fd_hard_limit)
    return fmt::format(
        "the server and the client each need {} file descriptors ({} sessions + {} for loops "
        "and the runner); the hard limit (RLIMIT_NOFILE) is {}",
        needed, cell.get_int("sessions"), needed - cell.get_int("sessions"), fd_hard_limit);
  return std::nullopt;
}

void PingpongWorkload::run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                           const CellInputs& inputs, const SampleSink& sink) const {
  if (inputs.role == nullptr)
    throw CellFailure("pingpong runs as a server process and a client process; no role given");
  const PingpongShape shape = pingpong_shape(inputs.cell);
  if (inputs.role->role == "server") return run_pingpong_server(plugin, host, inputs, shape);
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
  // cpu_s is negative when /proc could not be read; /proc counts in clock ticks, so a run too
  // short to register one has no ratio.
  if (usage.cpu_s >= 0) sample.metrics["server_cpu_s"] = usage.cpu_s;
  if (bytes != sample.counters.end() && usage.cpu_s > 0)
    sample.metrics["server_mib_per_cpu_s"] =
        static_cast<double>(bytes->second) / kMiB / usage.cpu_s;
  // Either RSS figure is negative when it could not be read: only what is known is recorded.
  if (usage.peak_rss_kib >= 0)
    sample.metrics["server_peak_rss_kib"] = static_cast<double>(usage.peak_rss_kib);
  if (usage.baseline_rss_kib >= 0)
    sample.counters["server_baseline_rss_kib"] = static_cast<std::uint64_t>(usage.baseline_rss_kib);
  if (usage.peak_rss_kib >= 0 && usage.baseline_rss_kib >= 0)
    sample.metrics["server_rss_per_conn_kib"] =
        static_cast<double>(usage.peak_rss_kib - usage.baseline_rss_kib) / shape.sessions;
}

std::optional<std::string> PingpongWorkload::check_server(
    const CellSpec& cell, const std::map<std::string, std::uint64_t>& server_counters,
    const std::vector<Sample>& client_samples) const {
  const PingpongShape shape = pingpong_shape(cell);
  try {
    const std::uint64_t connections = counter(server_counters, "connections");
    const std::uint64_t written = counter(server_counters, "bytes_written");
    const std::uint64_t read = counter(server_counters, "bytes_read");
    const std::uint64_t expected_connections =
        std::uint64_t{shape.sessions} * client_samples.size();
    if (connections != expected_connections)
      return fmt::format(
          "the server accepted {} connections; the client opened {} ({} sessions x {} runs)",
          connections, expected_connections, shape.sessions, client_samples.size());
    std::uint64_t client_read = 0;
    for (const auto& sample : client_samples)
      if (const auto it = sample.counters.find("bytes_read"); it != sample.counters.end())
        client_read += it->second;
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
