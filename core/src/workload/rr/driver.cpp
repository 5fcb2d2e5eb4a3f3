#include "workload/rr/driver.h"

#include <fmt/format.h>

#include "workload/rr/sides.h"

namespace rb::workload {
namespace {

// Beyond one socket per connection: stdio, the report pipe, the stop eventfd, the listening
// socket, dlopen's transient fd, and per loop thread an epoll fd and its wakeup fds.
constexpr long kFdMargin = 32;
constexpr long kFdsPerThread = 6;

std::uint64_t counter(const std::map<std::string, std::uint64_t>& counters, const char* name) {
  const auto it = counters.find(name);
  if (it == counters.end())
    throw CellFailure(fmt::format("the server did not report the required counter '{}'", name));
  return it->second;
}

std::uint64_t sum_of(const std::vector<Sample>& samples, const char* name) {
  std::uint64_t total = 0;
  for (const auto& sample : samples)
    if (const auto it = sample.counters.find(name); it != sample.counters.end())
      total += it->second;
  return total;
}

}  // namespace

long RrWorkload::fds_needed(const CellSpec& cell) const {
  const long threads = std::max(cell.get_int("threads"), cell.get_int("client_threads"));
  return cell.get_int("connections") + kFdMargin + kFdsPerThread * threads;
}

std::optional<std::string> RrWorkload::skip_reason(const CellSpec& cell, long fd_hard_limit) const {
  const long needed = fds_needed(cell);
  if (needed > fd_hard_limit)
    return fmt::format(
        "the server and the load generator each need {} file descriptors ({} connections + {} "
        "for loops and the runner); the hard limit (RLIMIT_NOFILE) is {}",
        needed, cell.get_int("connections"), needed - cell.get_int("connections"), fd_hard_limit);
  return std::nullopt;
}

void RrWorkload::run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                     const CellInputs& inputs, const SampleSink&) const {
  if (inputs.role == nullptr || inputs.role->role != "server")
    throw CellFailure("rr runs the plugin as the server; the client is the runner's own");
  run_rr_server(plugin, host, inputs, rr_server_shape(inputs.cell));
}

void RrWorkload::run_host_client(const CellInputs& inputs, const SampleSink& sink) const {
  if (inputs.role == nullptr || inputs.role->role != "client")
    throw CellFailure("the rr load generator runs as the client role");
  run_rr_client(inputs, rr_shape(inputs.cell), sink);
}

std::chrono::milliseconds RrWorkload::planned_time(const CellSpec& cell, int iterations) const {
  const RrShape shape = rr_shape(cell);
  const int runs = iterations + (shape.calibrates() ? 1 : 0);
  // Each run: its window, then at most a request timeout of drain.
  return (shape.duration + shape.request_timeout) * runs;
}

void RrWorkload::add_server_usage(const CellSpec&, const ServerUsage& usage, Sample& sample) const {
  if (usage.cpu_s >= 0) sample.metrics["server_cpu_s"] = usage.cpu_s;
  const auto completed = sample.counters.find("completed");
  if (completed != sample.counters.end() && completed->second > 0 && usage.cpu_s > 0)
    sample.metrics["server_cpu_us_per_request"] =
        usage.cpu_s * 1e6 / static_cast<double>(completed->second);
  if (usage.peak_rss_kib >= 0)
    sample.metrics["server_peak_rss_kib"] = static_cast<double>(usage.peak_rss_kib);
  if (usage.baseline_rss_kib >= 0)
    sample.counters["server_baseline_rss_kib"] = static_cast<std::uint64_t>(usage.baseline_rss_kib);
}

std::optional<std::string> RrWorkload::check_server(
    const CellSpec&, const std::map<std::string, std::uint64_t>& server_counters,
    const std::vector<Sample>& client_samples) const {
  try {
    const std::uint64_t answered = counter(server_counters, "requests");
    const std::uint64_t bad = counter(server_counters, "bad_requests");
    counter(server_counters, "connections");
    if (bad > 0)
      return fmt::format("the server answered {} of the load generator's requests with 400", bad);
    const std::uint64_t received =
        sum_of(client_samples, "completed") + sum_of(client_samples, "calibration_requests");
    // A response the server sent for a request that then timed out never reaches a sample,
    // so only without timeouts must the two counts agree exactly.
    const std::uint64_t timeouts = sum_of(client_samples, "timeouts");
    if (answered < received || (timeouts == 0 && answered != received))
      return fmt::format(
          "the server answered {} requests but the load generator received {} responses in its "
          "{} runs ({} timed out)",
          answered, received, client_samples.size(), timeouts);
  } catch (const CellFailure& failure) {
    return failure.what();
  }
  return std::nullopt;
}

}  // namespace rb::workload
