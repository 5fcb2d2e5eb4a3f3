#include "loadgen/load_spec.h"

namespace rb::loadgen {

void LoadResult::merge(const LoadResult& other) {
  latency.merge(other.latency);
  uncorrected_latency.merge(other.uncorrected_latency);
  sent += other.sent;
  completed += other.completed;
  in_window += other.in_window;
  timeouts += other.timeouts;
  connect_failures += other.connect_failures;
  resets += other.resets;
  bad_status += other.bad_status;
  malformed += other.malformed;
  reconnects += other.reconnects;
  if (first_error.empty()) first_error = other.first_error;
}

}  // namespace rb::loadgen
