#include "workload/notify/entry.h"

namespace rb::workload::notify {

// Per iteration, from the first post to the end of finish; CPU and context switches are
// the whole process's getrusage deltas over that span.
std::vector<MetricInfo> metrics() {
  return {
      {"elapsed_ms", "ms", true, true},      {"items_per_s", "items/s", false, true},
      {"wakeups_per_item", "", true, true},  {"ns_per_item", "ns", true, false},
      {"cpu_user_ms", "ms", true, false},    {"cpu_sys_ms", "ms", true, false},
      {"context_switches", "", true, false},
  };
}

}  // namespace rb::workload::notify
