#include "exec/matrix_runner.h"

#include <fmt/format.h>

#include "exec/cell_process.h"
#include "exec/process_limits.h"
#include "model/metric_info.h"
#include "report/samples_writer.h"
#include "stats/summary.h"
#include "workload/workload.h"

namespace rb::exec {
namespace {

void add_rusage(Rusage& total, const Rusage& r) {
  total.user_s += r.user_s;
  total.sys_s += r.sys_s;
  total.max_rss_kib = std::max(total.max_rss_kib, r.max_rss_kib);
  total.voluntary_cs += r.voluntary_cs;
  total.involuntary_cs += r.involuntary_cs;
}

std::vector<std::pair<std::string, std::string>> options_for(const config::TestPlan& plan,
                                                             const std::string& plugin) {
  const auto it = plan.plugin_options.find(plugin);
  return it == plan.plugin_options.end() ? std::vector<std::pair<std::string, std::string>>{}
                                         : it->second;
}

std::string cell_label(const CellSpec& cell, int round, int rounds) {
  std::string label = fmt::format("{} {} {}", cell.workload, cell.plugin, cell.params_label());
  if (rounds > 1) label += fmt::format(" (round {}/{})", round + 1, rounds);
  return label;
}

}  // namespace

void summarise_cell(CellResult& cell) {
  cell.metrics.clear();
  if (cell.samples.empty()) return;
  for (const auto& info : metrics_for_workload(cell.cell.workload)) {
    std::vector<double> values;
    values.reserve(cell.samples.size());
    for (const auto& s : cell.samples)
      if (const auto it = s.metrics.find(info.name); it != s.metrics.end())
        values.push_back(it->second);
    if (!values.empty()) cell.metrics[info.name] = stats::summarize(values);
  }
  cell.counters = cell.samples.back().counters;
}

RunResult run_matrix(const config::TestPlan& plan, const MatrixOptions& options,
                     report::SamplesWriter& samples) {
  RunResult run;
  run.workload = plan.workload;
  run.plugins = plan.plugins;
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const long fd_hard = nofile_hard_limit();

  for (auto& spec : plan.cells()) {
    CellResult cell;
    cell.cell = std::move(spec);
    if (workload == nullptr) {
      cell.status = CellStatus::failed;
      cell.reason = fmt::format("the runner has no driver for workload '{}'", plan.workload);
    } else if (auto why = workload->skip_reason(cell.cell, fd_hard)) {
      cell.status = CellStatus::skipped;
      cell.reason = std::move(*why);
    }
    run.cells.push_back(std::move(cell));
  }

  const int rounds = plan.run.rounds;
  std::size_t runnable = 0;
  for (const auto& c : run.cells) runnable += c.status == CellStatus::ok ? 1 : 0;
  const std::size_t total = runnable * static_cast<std::size_t>(rounds);
  std::size_t done = 0;
  std::filesystem::create_directories(options.results_dir / "logs");

  auto interrupted = [&] { return options.interrupted != nullptr && options.interrupted->load(); };
  std::vector<bool> started(run.cells.size(), false);

  for (int round = 0; round < rounds && !interrupted(); ++round) {
    for (std::size_t i = 0; i < run.cells.size() && !interrupted(); ++i) {
      CellResult& cell = run.cells[i];
      if (cell.status != CellStatus::ok) continue;  // skipped, or failed in an earlier round
      started[i] = true;

      CellJob job;
      job.cell = cell.cell;
      job.plugin_path = options.plugin_paths.at(cell.cell.plugin);
      job.options = options_for(plan, cell.cell.plugin);
      job.warmup = plan.run.warmup;
      job.repetitions = plan.run.repetitions;
      job.round = round;
      job.cpus = plan.run.cpus;
      job.nofile_needed = std::min(workload->fds_needed(cell.cell), fd_hard);

      CellProcessOptions process;
      process.runner_exe = options.runner_exe;
      process.log_path =
          options.results_dir / "logs" / fmt::format("cell-{:04}-round-{}.log", cell.cell.index, round);
      process.timeout = plan.run.timeout;
      process.interrupted = options.interrupted;

      CellProcessResult outcome = run_cell_process(job, process, [&](const Sample& s) {
        if (!s.warmup) samples.write(cell.cell, s);
      });
      for (auto& s : outcome.samples)
        if (!s.warmup) cell.samples.push_back(std::move(s));
      add_rusage(cell.rusage, outcome.rusage);
      cell.rusage_per_round.push_back(outcome.rusage);
      if (outcome.provenance) cell.provenance = std::move(outcome.provenance);
      if (outcome.status != CellStatus::ok) {
        cell.status = outcome.status;
        cell.reason = rounds > 1 ? fmt::format("round {}: {}", round + 1, outcome.reason)
                                 : outcome.reason;
        samples.write_event(cell.cell, round, to_string(cell.status), cell.reason);
      }
      // An empty log says nothing; keep only the ones with something in them.
      std::error_code ec;
      if (std::filesystem::file_size(process.log_path, ec) == 0 && !ec)
        std::filesystem::remove(process.log_path, ec);

      ++done;
      if (options.progress) options.progress(done, total, cell_label(cell.cell, round, rounds));
    }
  }

  for (std::size_t i = 0; i < run.cells.size(); ++i) {
    CellResult& cell = run.cells[i];
    if (interrupted() && cell.status == CellStatus::ok &&
        (!started[i] || cell.rusage_per_round.size() < static_cast<std::size_t>(rounds))) {
      cell.status = CellStatus::interrupted;
      cell.reason = started[i] ? "interrupted before all rounds finished"
                               : "interrupted before it started";
    }
    summarise_cell(cell);
  }
  return run;
}

}  // namespace rb::exec
