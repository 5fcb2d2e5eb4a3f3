#include "exec/matrix_runner.h"

#include <filesystem>
#include <utility>

#include "exec/cell_runner.h"
#include "exec/process_executor.h"
#include "proc/kernel_counters.h"
#include "workload/registry.h"

namespace rb::exec {

RunResult run_matrix(const config::TestPlan& plan, const MatrixOptions& options,
                     report::SamplesWriter& samples) {
  RunResult run;
  run.workload = plan.workload;
  run.plugins = plan.columns();
  run.cells = triage_cells(plan, options);
  // Opens the runner's own (idle) kernel counters for the run: while they hold the
  // tracepoints, a cell's process neither registers nor unregisters them (~0.1 s a process).
  if (plan.run.kernel_counts) proc::kernel_counts_missing_here();
  std::filesystem::create_directories(options.results_dir / "logs");
  if (workload::find_workload(plan.workload) == nullptr) {  // triage failed every cell
    for (auto& cell : run.cells) {
      summarise_cell(cell, plan.run.kernel_counts);
      if (options.cell_finished) options.cell_finished(cell);
    }
    return run;
  }
  ProcessExecutor executor(plan, options);
  return CellRunner(plan, options, samples, executor, std::move(run)).run();
}

}  // namespace rb::exec
