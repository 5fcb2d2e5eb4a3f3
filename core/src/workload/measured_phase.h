// The measured phase of an iteration, as a workload's driver marks it: begin() right before
// what it times, end() right after. The cell's process hangs the kernel's counters on it
// (exec/kernel_phase.h), so that they count what the driver times and nothing around it
// (prepare, verification, the report to the parent). A driver run without one (a conformance
// check, a unit test) marks nothing.
#pragma once

namespace rb::workload {

class MeasuredPhase {
 public:
  virtual ~MeasuredPhase() = default;
  virtual void begin() = 0;
  virtual void end() = 0;
};

// Marks one iteration's measured phase on `phase` (may be null) for as long as it lives, or
// until end() is called.
class MeasuredScope {
 public:
  explicit MeasuredScope(MeasuredPhase* phase) : phase_(phase) {
    if (phase_ != nullptr) phase_->begin();
  }
  MeasuredScope(const MeasuredScope&) = delete;
  MeasuredScope& operator=(const MeasuredScope&) = delete;
  ~MeasuredScope() { end(); }
  void end() {
    if (phase_ != nullptr) phase_->end();
    phase_ = nullptr;
  }

 private:
  MeasuredPhase* phase_;
};

}  // namespace rb::workload
