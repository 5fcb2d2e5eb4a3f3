#include "workload/rr/entry.h"

namespace rb::workload::rr {

// Per load run (driver.h): latency percentiles of its responses, the rate they came back at,
// and what each side spent.
std::vector<MetricInfo> metrics() {
  return {
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
}

}  // namespace rb::workload::rr
