// The kernel's counts of each measured phase in the cell's own process: counters opened
// before the plugin is loaded (so every thread it starts inherits them), enabled only while a
// driver marks its measured phase (workload/measured_phase.h), and added to the iteration's
// sample as it goes to the parent.
#pragma once

#include "model/results.h"
#include "proc/kernel_counters.h"
#include "workload/measured_phase.h"

namespace rb::exec {

class KernelPhase final : public workload::MeasuredPhase {
 public:
  KernelPhase() : counters_(proc::KernelCounters::of_this_process()) {}
  void begin() override;
  void end() override;
  // Adds the last phase's counts to `sample` (once: a sample whose iteration marked no phase
  // gets none).
  void attach(Sample& sample);

 private:
  proc::KernelCounters counters_;
  proc::KernelCounts last_;
};

}  // namespace rb::exec
