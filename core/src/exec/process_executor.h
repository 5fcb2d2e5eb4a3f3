// The runner's own CellExecutor (exec/cell_executor.h): every attempt of a round is real
// child processes (`runner __cell`: one for a cell alone, a server's and a client's for a
// two-process cell, one for a lockstep group, one per member of a duet), measured for
// interference around them (exec/interference.h). A log left empty is removed.
#pragma once

#include <string>
#include <vector>

#include "config/test_plan.h"
#include "exec/cell_executor.h"
#include "exec/cell_job.h"
#include "exec/cell_process.h"
#include "exec/matrix_runner.h"

namespace rb::workload {
class Workload;
}

namespace rb::exec {

class ProcessExecutor final : public CellExecutor {
 public:
  // The plan's workload must have a driver (run_matrix checks).
  ProcessExecutor(const config::TestPlan& plan, const MatrixOptions& options);

  MeasuredRound run_alone(const CellSpec& cell, int round, int attempt,
                          const SampleSink& on_sample) override;
  MeasuredGroup run_lockstep(const std::vector<const CellSpec*>& group, int round, int attempt,
                             const MemberSampleSink& on_sample) override;
  // on_sample is called from one member's thread at a time.
  MeasuredGroup run_duet(const std::vector<const CellSpec*>& group, int round, int attempt,
                         const MemberSampleSink& on_sample) override;

 private:
  CellJob job_for(const CellSpec& cell, int round) const;
  CellJob lockstep_job(const std::vector<const CellSpec*>& group, int round) const;
  CellProcessOptions process_for(const CellSpec& cell, int round, const std::string& suffix) const;
  // The descriptors the kernel's counters hold in a cell's process (exec/kernel_phase.h).
  long counter_fds() const;
  void run_at_once(const std::vector<CellJob>& jobs,
                   const std::vector<CellProcessOptions>& processes,
                   const MemberSampleSink& on_sample, std::vector<CellProcessResult>& members);

  const config::TestPlan& plan_;
  const MatrixOptions& options_;
  const workload::Workload& workload_;
  const long fd_hard_;
  const int iterations_;
  const bool paired_;  // two processes a cell (a server and a client)
  const std::vector<int> duet_cpus_;
};

}  // namespace rb::exec
