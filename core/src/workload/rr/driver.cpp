#include "workload/rr/driver.h"

#include <fmt/format.h>

#include "plugin/loader.h"
#include "workload/counters.h"
#include "workload/plugin_server_side.h"
#include "workload/rr/client_side.h"
#include "workload/server_client.h"

namespace rb::workload {
namespace {

constexpr const char* kServer = "the server";

}  // namespace

std::optional<EventCount> RrWorkload::events_in(const CellSpec&, const Sample& sample) const {
  const auto it = sample.counters.find("completed");
  if (it == sample.counters.end()) return std::nullopt;
  return EventCount{"request", static_cast<double>(it->second)};
}

long RrWorkload::fds_needed(const CellSpec& cell) const {
  const long threads = std::max(cell.get_int("threads"), cell.get_int("client_threads"));
  return server_client_fds(cell.get_int("connections"), threads);
}

std::optional<std::string> RrWorkload::skip_reason(const CellSpec& cell, long fd_hard_limit) const {
  return server_client_fd_problem("the server and the load generator", fds_needed(cell),
                                  cell.get_int("connections"), "connections", fd_hard_limit);
}

void RrWorkload::run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                     const CellInputs& inputs, const SampleSink&) const {
  if (inputs.role == nullptr || inputs.role->role != "server")
    throw CellFailure("rr runs the plugin as the server; the client is the runner's own");
  const RrShape shape = rr_server_shape(inputs.cell);
  const rb_rr_server_params params{sizeof(rb_rr_server_params), inputs.role->listen_fd,
                                   stop_event_fd(), shape.threads, shape.body_size};
  run_plugin_server(plugin.rr_server, "rr server", host, params, inputs,
                    {"connections", "requests", "bad_requests"});
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

// A run's window, then its responses in flight (a few ms when the server keeps up: the
// request timeout is only the worst case), and once per round two processes to start, a
// plugin to load and the connections to open. Measured on this project's 2-core VM
// (docs/guide/running.md, "How long a run takes").
constexpr std::chrono::milliseconds kRrDrainPerRun{40};
constexpr std::chrono::milliseconds kRrRoundStart{250};

std::chrono::milliseconds RrWorkload::expected_time(const CellSpec& cell, int iterations) const {
  const RrShape shape = rr_shape(cell);
  const int runs = iterations + (shape.calibrates() ? 1 : 0);
  return (shape.duration + kRrDrainPerRun) * runs + kRrRoundStart;
}

void RrWorkload::add_server_usage(const CellSpec&, const ServerUsage& usage, Sample& sample) const {
  add_server_cpu_and_rss(usage, sample);
  const auto completed = sample.counters.find("completed");
  if (completed != sample.counters.end() && completed->second > 0 && usage.cpu_s > 0)
    sample.metrics["server_cpu_us_per_request"] =
        usage.cpu_s * 1e6 / static_cast<double>(completed->second);
}

std::optional<std::string> RrWorkload::check_server(
    const CellSpec&, const std::map<std::string, std::uint64_t>& server_counters,
    const std::vector<Sample>& client_samples) const {
  try {
    const std::uint64_t answered = required_counter(server_counters, kServer, "requests");
    const std::uint64_t bad = required_counter(server_counters, kServer, "bad_requests");
    required_counter(server_counters, kServer, "connections");
    if (bad > 0)
      return fmt::format("the server answered {} of the load generator's requests with 400", bad);
    const std::uint64_t received = counter_total(client_samples, "completed") +
                                   counter_total(client_samples, "calibration_requests");
    // A response the server sent for a request that then timed out never reaches a sample,
    // so only without timeouts must the two counts agree exactly.
    const std::uint64_t timeouts = counter_total(client_samples, "timeouts");
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
