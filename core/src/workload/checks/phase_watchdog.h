// A deadline on every plugin call a conformance check makes, inside the check's own child
// process: a phase that overruns is reported as that check's failure, naming the phase, and
// the process ends at once. The parent's per-process timeout stays as the backstop for a
// plugin that blocks SIGALRM.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace rb::workload {

class PhaseWatchdog {
 public:
  // report_fd: the child's report pipe, where the "failed" message goes.
  PhaseWatchdog(int report_fd, std::chrono::milliseconds limit);
  ~PhaseWatchdog();
  PhaseWatchdog(const PhaseWatchdog&) = delete;
  PhaseWatchdog& operator=(const PhaseWatchdog&) = delete;

  std::chrono::milliseconds limit() const { return limit_; }

  // Runs fn() under the deadline. `overrun` is the failure reason should it fire; by default
  // "<phase> did not return within <limit> ms".
  template <typename Fn>
  decltype(auto) guard(std::string_view phase, Fn&& fn, std::string overrun = {}) {
    arm(phase, std::move(overrun));
    struct Disarm {
      PhaseWatchdog& dog;
      ~Disarm() { dog.disarm(); }
    } disarm_on_exit{*this};
    return fn();
  }

 private:
  void arm(std::string_view phase, std::string overrun);
  void disarm();

  std::chrono::milliseconds limit_;
};

}  // namespace rb::workload
