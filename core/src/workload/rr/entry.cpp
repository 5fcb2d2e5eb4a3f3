// The rr workload as the registry knows it (workload/registry.h): its axes, its metrics,
// its table in the plugin descriptor; driver.h runs a cell, checks.h is its suite.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <reactorbench/plugin.h>

#include "plugin/descriptor_checks.h"
#include "workload/registry.h"
#include "workload/rr/checks.h"
#include "workload/rr/driver.h"

namespace rb::workload {
namespace {

// The axes a [matrix] may sweep.
WorkloadSchema schema() {
  return WorkloadSchema{
      "rr",
      "HTTP/1.1 request/response latency (callback against coroutine servers): the runner's load "
      "generator keeps `connections` keep-alive connections to the plugin's server and sends GET "
      "requests, closed loop (rate = 0, like ab) or open loop at `rate` requests/s (like wrk2, "
      "latency from each request's intended send time); p50..p99.9, max, requests/s, errors and "
      "timeouts",
      {
          integer_axis("connections", 1, 10'000, {}, "concurrent keep-alive connections"),
          integer_axis("rate", 0, 100'000'000, {std::int64_t{0}},
                       "requests/s over all connections, evenly spaced; 0: closed loop"),
          integer_axis("load_percent", 0, 100, {std::int64_t{0}},
                       "open loop at this % of the closed-loop maximum, measured by a "
                       "calibration run at the start of each round; 0: use `rate`"),
          integer_axis("body_size", 0, 16 << 20, {std::int64_t{2}},
                       "bytes of body in each 200 response"),
          integer_axis("threads", 1, 256, {std::int64_t{1}}, "the server's event-loop threads"),
          integer_axis("client_threads", 1, 64, {std::int64_t{1}},
                       "the load generator's threads (each an epoll loop)"),
          duration_axis("duration", 10, 3'600'000, {std::string("10s")}, {std::string("1s")},
                        "how long each load run sends requests"),
          choice_axis("connection", {"keep-alive", "close"}, {std::string("keep-alive")},
                      "keep-alive, or close: every request on a new connection whose set-up "
                      "counts in its latency (ab without -k)"),
          duration_axis("request_timeout", 10, 600'000, {std::string("2s")}, {},
                        "a request without its full response by then counts as a timeout "
                        "and its connection is redone"),
      },
      {},
      {"rr_server"}};
}

// Per load run (driver.h): latency percentiles of its responses, the rate they came back at,
// and what each side spent.
std::vector<MetricInfo> metrics() {
  return {
      {"requests_per_s", "req/s", false, true, true},
      {"p50_us", "us", true, true, true},
      {"p99_us", "us", true, true, true},
      {"p999_us", "us", true, true, true},
      {"max_us", "us", true, false},
      {"p90_us", "us", true, false},
      {"mean_us", "us", true, false},
      {"server_cpu_us_per_request", "us", true, true},
      {"seconds", "s", true, false},
      {"server_cpu_s", "s", true, false},
      {"server_user_s", "s", true, false},
      {"server_sys_s", "s", true, false},
      {"client_cpu_s", "s", true, false},
      {"client_user_s", "s", true, false},
      {"client_sys_s", "s", true, false},
      {"client_cpu_util", "", true, false},
      {"server_peak_rss_kib", "KiB", true, false},
  };
}

// Its table's minimum size and required members, checked at load time.
// ABI 1.2 appended it.
constexpr std::size_t kRrServerOpsMinSize =
    offsetof(rb_rr_server_ops, release) + sizeof(rb_rr_server_ops::release);

std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using T = rb_rr_server_ops;
  plugin.rr_server = plugin::checked_table(
      plugin.descriptor.rr_server, "rb_rr_server_ops", kRrServerOpsMinSize, plugin.path,
      std::pair{"prepare", &T::prepare}, std::pair{"serve", &T::serve},
      std::pair{"counters", &T::counters}, std::pair{"release", &T::release});
  if (!plugin.rr_server) return std::nullopt;
  return "rr";
}

}  // namespace

WorkloadEntry rr_entry() {
  static const RrWorkload driver;
  // Latency percentiles and requests/s against connections, a column per load.
  const MetricRoles roles{"seconds", {"connections", true, "metric", "load_percent"}};
  WorkloadEntry entry = make_entry(driver, schema(), metrics(), roles, read_tables, rr::checks);
  entry.server_params = {{"threads", std::int64_t{1}}, {"body_size", std::int64_t{2}}};
  entry.url_scheme = "http";
  return entry;
}

}  // namespace rb::workload
