#include "workload/pingpong/entry.h"

namespace rb::workload::pingpong {

// Per client run (driver.h): throughput over the host-timed run, each side's CPU during it,
// and each side's peak RSS above its idle baseline per connection.
std::vector<MetricInfo> metrics() {
  return {
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
}

}  // namespace rb::workload::pingpong
