#include "model/metric_info.h"

namespace rb {

const std::vector<MetricInfo>& metrics_for_workload(std::string_view workload) {
  static const std::vector<MetricInfo> flower = {
      {"setup_us", "us", true, true},
      {"dispatch_us", "us", true, true},
      {"total_us", "us", true, false},
  };
  // Per iteration, from the first post to the end of finish; CPU and context switches are
  // the whole process's getrusage deltas over that span.
  static const std::vector<MetricInfo> notify = {
      {"elapsed_ms", "ms", true, true},      {"items_per_s", "items/s", false, true},
      {"wakeups_per_item", "", true, true},  {"ns_per_item", "ns", true, false},
      {"cpu_user_ms", "ms", true, false},    {"cpu_sys_ms", "ms", true, false},
      {"context_switches", "", true, false},
  };
  // Per client run (workload/pingpong.h): throughput over the host-timed run, each side's CPU
  // during it, and each side's peak RSS above its idle baseline per connection.
  static const std::vector<MetricInfo> pingpong = {
      {"mib_per_s", "MiB/s", false, true},
      {"messages_per_s", "msg/s", false, true},
      {"server_mib_per_cpu_s", "MiB/CPU-s", false, true},
      {"client_mib_per_cpu_s", "MiB/CPU-s", false, true},
      {"server_rss_per_conn_kib", "KiB", true, true},
      {"client_rss_per_conn_kib", "KiB", true, true},
      {"seconds", "s", true, false},
      {"server_cpu_s", "s", true, false},
      {"client_cpu_s", "s", true, false},
      {"server_user_s", "s", true, false},
      {"server_sys_s", "s", true, false},
      {"client_user_s", "s", true, false},
      {"client_sys_s", "s", true, false},
      {"server_peak_rss_kib", "KiB", true, false},
      {"client_peak_rss_kib", "KiB", true, false},
  };
  // Per load run (workload/rr.h): latency percentiles of its responses, the rate they came
  // back at, and what each side spent.
  static const std::vector<MetricInfo> rr = {
      {"requests_per_s", "req/s", false, true},
      {"p50_us", "us", true, true},
      {"p99_us", "us", true, true},
      {"p999_us", "us", true, true},
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
  static const std::vector<MetricInfo> none;
  if (workload == "flower") return flower;
  if (workload == "notify") return notify;
  if (workload == "pingpong") return pingpong;
  if (workload == "rr") return rr;
  return none;
}

}  // namespace rb
