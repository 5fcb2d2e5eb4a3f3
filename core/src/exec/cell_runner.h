// The cell loop of a run: each round, every cell still running gets an attempt, in the
// round's seeded order (exec/round_order.h), alone or with its point's cells ([run]
// pairing); a disturbed attempt is retried ([run] on_disturbance = "retry"); a cell that
// fails, crashes or times out keeps that reason and runs no more, while the rest go on;
// skipped and failed cells are final before anything runs; an interrupt stops the loop after
// the attempt it came in, keeping what was measured; [run] budget adds rounds after the
// planned ones (exec/budget_rounds.h). The progress is told as it goes. Every attempt goes
// through a CellExecutor, so the loop runs as well on a test's fake as on child processes.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "exec/cell_executor.h"
#include "exec/matrix_runner.h"
#include "exec/run_progress.h"
#include "model/results.h"
#include "workload/workload.h"

namespace rb::report {
class SamplesWriter;
}

namespace rb::exec {

class CellRunner {
 public:
  // `run` holds the cells as triage_cells left them; the plan's workload has a driver.
  CellRunner(const config::TestPlan& plan, const MatrixOptions& options,
             report::SamplesWriter& samples, CellExecutor& executor, RunResult run);

  // Runs every round; each cell final (and summarised) at the end. Call once.
  RunResult run();

 private:
  enum class Together { lockstep, duet };

  bool interrupted() const;
  void report_final(std::size_t i);
  void run_round(int round);
  void run_alone(std::size_t i, int round, int first_attempt);
  void run_lockstep(const std::vector<std::size_t>& group, int round);
  void run_duet(const std::vector<std::size_t>& group, int round);
  MeasuredRound run_together(const std::vector<std::size_t>& group, int round, Together how,
                             std::vector<CellProcessResult>& members);
  void record_round(std::size_t i, int round, CellProcessResult& outcome,
                    RoundInterference interference);
  void finish_cell(std::size_t i);
  long counter_fds() const;

  // [run] budget (cell_runner_budget.cpp).
  void spend_budget();
  bool run_batch(const std::vector<std::size_t>& group,
                 std::chrono::steady_clock::time_point deadline);
  bool lockstep_fits(const std::vector<std::size_t>& group) const;

  const config::TestPlan& plan_;
  const MatrixOptions& options_;
  report::SamplesWriter& samples_;
  CellExecutor& executor_;
  const workload::Workload& workload_;
  const long fd_hard_;
  const int rounds_;
  const bool paired_;    // two processes a cell (a server and a client)
  const bool budgeted_;  // [run] budget, and someone to judge the comparisons
  const std::size_t duet_cpu_count_;
  RunResult run_;
  RunProgress progress_;
  std::vector<bool> started_;
  std::vector<bool> reported_;
};

}  // namespace rb::exec
