// The client half of an rr round: the host's own load generator, in the client's child
// process (no plugin is loaded there).
#include <fmt/format.h>
#include <chrono>

#include "loadgen/load_generator.h"
#include "proc/own_memory.h"
#include "proc/own_usage.h"
#include "workload/host_services.h"
#include "workload/rr/client_side.h"

namespace rb::workload {
namespace {

loadgen::LoadSpec load_spec(const CellInputs& inputs, const RrShape& shape, double rate) {
  loadgen::LoadSpec spec;
  spec.host = inputs.role->host;
  spec.port = inputs.role->port;
  spec.connections = shape.connections;
  spec.threads = shape.client_threads;
  spec.rate = rate;
  spec.duration = shape.duration;
  spec.request_timeout = shape.request_timeout;
  spec.body_size = shape.body_size;
  spec.keep_alive = shape.keep_alive;
  spec.stop_requested = [] { return stop_requested(); };
  return spec;
}

loadgen::LoadResult generate(const loadgen::LoadSpec& spec, const std::string& run) {
  try {
    return loadgen::generate_load(spec);
  } catch (const std::exception& e) {
    throw CellFailure(fmt::format("{}: {}", run, e.what()));
  }
}

// Wrong answers and lost connections fail the cell; timeouts are the server's latency and
// are reported, not failed.
void verify_run(const loadgen::LoadResult& result, const RrShape& shape, const std::string& run) {
  if (result.errors() == 0) {
    if (result.completed == 0)
      throw CellFailure(fmt::format("{}: no response arrived ({} requests sent, {} timed out)", run,
                                    result.sent, result.timeouts));
    return;
  }
  throw CellFailure(fmt::format(
      "{}: {} of {} connections could not connect, {} were closed or reset by the server, {} "
      "responses were not 200 and {} were malformed; the first: {}",
      run, result.connect_failures, shape.connections, result.resets, result.bad_status,
      result.malformed, result.first_error));
}

double us(std::uint64_t ns) {
  return static_cast<double>(ns) / 1e3;
}

Sample to_sample(const loadgen::LoadResult& result, const CellInputs& inputs, int iteration,
                 double rate, const proc::ProcessUsage& usage, double wall_s) {
  const auto& h = result.latency;
  Sample sample;
  sample.round = inputs.round;
  sample.iteration = iteration;
  sample.warmup = iteration < inputs.warmup;
  const double user_s = static_cast<double>(usage.user_us) / 1e6;
  const double sys_s = static_cast<double>(usage.sys_us) / 1e6;
  sample.metrics = {
      {"seconds", result.seconds},
      {"requests_per_s", static_cast<double>(result.in_window) / result.seconds},
      {"p50_us", us(h.value_at_percentile(50))},
      {"p90_us", us(h.value_at_percentile(90))},
      {"p99_us", us(h.value_at_percentile(99))},
      {"p999_us", us(h.value_at_percentile(99.9))},
      {"max_us", us(h.max())},
      {"mean_us", h.mean() / 1e3},
      {"client_cpu_s", user_s + sys_s},
      {"client_user_s", user_s},
      {"client_sys_s", sys_s},
  };
  // Near 1.0 the generator, not the server, set the pace: the numbers then say so.
  if (wall_s > 0) sample.metrics["client_cpu_util"] = (user_s + sys_s) / wall_s;
  sample.counters = {
      {"sent", result.sent},
      {"completed", result.completed},
      {"timeouts", result.timeouts},
      {"connect_failures", result.connect_failures},
      {"resets", result.resets},
      {"bad_status", result.bad_status},
      {"malformed", result.malformed},
      {"reconnects", result.reconnects},
      {"offered_rate", static_cast<std::uint64_t>(rate)},
  };
  sample.latency_histogram = h.to_sparse();
  sample.uncorrected_latency_histogram = result.uncorrected_latency.to_sparse();  // open loop
  return sample;
}

}  // namespace

void run_rr_client(const CellInputs& inputs, const RrShape& shape, const SampleSink& sink) {
  double rate = static_cast<double>(shape.rate);
  std::uint64_t calibration_requests = 0;
  std::uint64_t calibrated_max = 0;
  if (shape.calibrates()) {
    const loadgen::LoadResult max = generate(load_spec(inputs, shape, 0), "calibration run");
    verify_run(max, shape, "calibration run");
    calibration_requests = max.completed;
    calibrated_max = static_cast<std::uint64_t>(static_cast<double>(max.in_window) / max.seconds);
    rate = static_cast<double>(calibrated_max) * shape.load_percent / 100.0;
    if (rate < 1)
      throw CellFailure(fmt::format("calibration run: {} requests/s leaves no rate at {}%",
                                    calibrated_max, shape.load_percent));
  }
  const int total = inputs.warmup + inputs.repetitions;
  for (int i = 0; i < total; ++i) {
    if (stop_requested()) throw CellFailure(fmt::format("run {}: stopped by the host", i));
    const std::string run = fmt::format("run {}", i);
    MeasuredScope measured(inputs.phase);
    const proc::ProcessUsage before = proc::process_usage_now();
    const auto wall_start = std::chrono::steady_clock::now();
    const loadgen::LoadResult result = generate(load_spec(inputs, shape, rate), run);
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    measured.end();
    verify_run(result, shape, run);
    Sample sample = to_sample(result, inputs, i, rate,
                              proc::usage_between(before, proc::process_usage_now()), wall_s);
    if (shape.calibrates()) sample.counters["calibrated_max_rps"] = calibrated_max;
    // Once per round, so the server's request count can be matched against the samples.
    if (i == 0 && shape.calibrates())
      sample.counters["calibration_requests"] = calibration_requests;
    sink(sample);
  }
}

}  // namespace rb::workload
