#include "exec/matrix_runner.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>

#include "exec/cell_process.h"
#include "exec/interference.h"
#include "exec/pair_process.h"
#include "exec/progress_tracker.h"
#include "exec/round_order.h"
#include "model/metric_info.h"
#include "proc/kernel_counters.h"
#include "proc/process_limits.h"
#include "report/samples_writer.h"
#include "stats/summary.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

void add_rusage(Rusage& total, const Rusage& r) {
  total.user_s += r.user_s;
  total.sys_s += r.sys_s;
  total.max_rss_kib = std::max(total.max_rss_kib, r.max_rss_kib);
  total.voluntary_cs += r.voluntary_cs;
  total.involuntary_cs += r.involuntary_cs;
}

void add_role_results(CellResult& cell, CellProcessResult& outcome) {
  for (const auto& [role, rusage] : outcome.rusage_by_role)
    add_rusage(cell.rusage_by_role[role], rusage);
  for (auto& [role, counters] : outcome.counters_by_role)
    cell.counters_by_role[role] = std::move(counters);
  for (auto& [role, provenance] : outcome.provenance_by_role)
    cell.provenance_by_role[role] = std::move(provenance);
}

// [run] server_cpus / client_cpus, or the defaults: the server on the first CPU this process
// may use, the client on the second; unpinned when there is only one.
std::vector<int> role_cpus(const std::vector<int>& configured, std::size_t default_index) {
  if (!configured.empty()) return configured;
  const std::vector<int> allowed = proc::allowed_cpus();
  if (allowed.size() < 2) return {};
  return {allowed[default_index]};
}

// The CPUs a round runs on, whose /proc/stat lines exec/interference reads: [run] cpus, or a
// pair's server and client CPUs together; every allowed CPU when unpinned.
std::vector<int> round_cpus(const config::TestPlan& plan, bool paired) {
  if (!paired) return measured_cpus(plan.run.cpus);
  std::vector<int> cpus = role_cpus(plan.run.server_cpus, 0);
  const std::vector<int> client = role_cpus(plan.run.client_cpus, 1);
  if (cpus.empty() || client.empty()) return proc::allowed_cpus();
  cpus.insert(cpus.end(), client.begin(), client.end());
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

// What plays `role` (or the cell's plugin): the base plugin's file, or a variant's own file
// ([variants] path), and the effective options.
void load_setup(CellJob& job, const MatrixOptions& options, std::string_view role) {
  const PluginSetup& setup = job.cell.setup_for(role);
  job.plugin_path = setup.path.empty() ? options.plugin_paths.at(job.cell.base_plugin_for(role))
                                       : std::filesystem::path(setup.path);
  job.options = setup.options;
}

// A role's launcher ([run] server_launcher / client_launcher), if it has one.
std::optional<CellLauncher> launcher_for(const config::TestPlan& plan,
                                         const std::vector<std::string>& prefix,
                                         const std::filesystem::path& runner_exe) {
  if (prefix.empty()) return std::nullopt;
  return CellLauncher{prefix, plan.run.remote_runner.empty()
                                  ? runner_exe
                                  : std::filesystem::path(plan.run.remote_runner)};
}

CellProcessResult run_pair_round(const config::TestPlan& plan, const MatrixOptions& options,
                                 const workload::Workload& workload, const CellJob& job,
                                 const CellProcessOptions& process,
                                 const std::function<void(const Sample&)>& on_sample) {
  CellJob server = job;
  if (!job.cell.external_server) load_setup(server, options, "server");
  // The default CPUs are this host's; a launched role may be on another.
  server.cpus =
      plan.run.server_launcher.empty() ? role_cpus(plan.run.server_cpus, 0) : plan.run.server_cpus;
  CellJob client = job;
  if (!workload.client_is_host()) load_setup(client, options, "client");
  client.cpus =
      plan.run.client_launcher.empty() ? role_cpus(plan.run.client_cpus, 1) : plan.run.client_cpus;

  PairProcessOptions pair;
  pair.runner_exe = process.runner_exe;
  const std::string stem = process.log_path.stem().string();
  pair.server_log = process.log_path.parent_path() / (stem + "-server.log");
  pair.client_log = process.log_path.parent_path() / (stem + "-client.log");
  pair.timeout = process.timeout;
  pair.kill_grace = process.kill_grace;
  pair.interrupted = process.interrupted;
  pair.server_address = plan.run.server_address;
  pair.server_launcher = launcher_for(plan, plan.run.server_launcher, process.runner_exe);
  pair.client_launcher = launcher_for(plan, plan.run.client_launcher, process.runner_exe);
  return run_pair_process(std::move(server), std::move(client), pair, workload, on_sample);
}

// An empty log says nothing; keep only the ones with something in them.
void remove_if_empty(const std::filesystem::path& log) {
  std::error_code ec;
  if (std::filesystem::file_size(log, ec) == 0 && !ec) std::filesystem::remove(log, ec);
}

// The load error of a plugin this cell needs (every role's plugin for two-process cells).
std::optional<std::string> unloadable_reason(const CellSpec& cell, const MatrixOptions& options) {
  std::vector<std::string> needed;  // a variant by path was probed with the config instead
  for (const auto& [role, plugin] : cell.role_plugins)
    if (cell.setup_for(role).path.empty()) needed.push_back(cell.base_plugin_for(role));
  if (cell.role_plugins.empty() && cell.setup.path.empty())
    needed.push_back(cell.base_plugin_for(""));
  for (const auto& plugin : needed)
    if (const auto it = options.unloadable.find(plugin); it != options.unloadable.end())
      return fmt::format("plugin '{}' failed to load: {}", plugin, it->second);
  return std::nullopt;
}

std::string cell_label(const CellSpec& cell) {
  return fmt::format("{} {} {}", cell.workload, cell.plugin, cell.params_label());
}

// The plan's round order (exec/round_order.h) restricted to the cells run (a shard's), as
// positions in `cells`: a shard runs its cells in the order the whole run would.
std::vector<std::size_t> shard_round_order(const std::vector<CellResult>& cells,
                                           const config::TestPlan& plan, std::uint64_t seed,
                                           int round) {
  const std::size_t per_point = plan.columns().size();
  const std::size_t plan_cells = plan.point_count() * per_point;
  std::vector<std::size_t> position(plan_cells, cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) position[cells[i].cell.index] = i;
  std::vector<std::size_t> order;
  order.reserve(cells.size());
  for (const std::size_t index : round_order(plan_cells, per_point, seed, round))
    if (position[index] < cells.size()) order.push_back(position[index]);
  return order;
}

}  // namespace

std::vector<CellResult> triage_cells(const config::TestPlan& plan, const MatrixOptions& options) {
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const long fd_hard = proc::nofile_hard_limit();
  std::vector<CellResult> cells;
  for (auto& spec : plan.cells()) {
    if (options.only_cells &&
        !std::binary_search(options.only_cells->begin(), options.only_cells->end(), spec.index))
      continue;
    CellResult cell;
    cell.cell = std::move(spec);
    if (workload == nullptr) {
      cell.status = CellStatus::failed;
      cell.reason = fmt::format("the runner has no driver for workload '{}'", plan.workload);
    } else if (auto unloadable = unloadable_reason(cell.cell, options)) {
      cell.status = CellStatus::failed;
      cell.reason = std::move(*unloadable);
    } else if (auto why = workload->skip_reason(cell.cell, fd_hard)) {
      cell.status = CellStatus::skipped;
      cell.reason = std::move(*why);
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

RunResult run_matrix(const config::TestPlan& plan, const MatrixOptions& options,
                     report::SamplesWriter& samples) {
  RunResult run;
  run.workload = plan.workload;
  run.plugins = plan.columns();
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const long fd_hard = proc::nofile_hard_limit();
  run.cells = triage_cells(plan, options);
  // Opens the runner's own (idle) kernel counters for the run: while they hold the
  // tracepoints, a cell's process neither registers nor unregisters them (~0.1 s a process).
  if (plan.run.kernel_counts) proc::kernel_counts_missing_here();

  const int rounds = plan.run.rounds;
  std::filesystem::create_directories(options.results_dir / "logs");

  auto interrupted = [&] { return options.interrupted != nullptr && options.interrupted->load(); };
  const auto run_started = std::chrono::steady_clock::now();
  std::vector<bool> runs;
  for (const CellResult& c : run.cells) runs.push_back(c.status == CellStatus::ok);
  const auto& earlier = options.earlier_round_times;
  ProgressTracker tracker(
      runs, round_time_priors(plan, run.cells, earlier ? &*earlier : nullptr).seconds, rounds);
  const int iterations = plan.run.warmup + plan.run.repetitions;
  // The ETA changes only when a round ends: it is worked out then, not as each sample of the
  // measured round arrives (this process shares the machine with the child measuring).
  std::optional<double> remaining_s;
  auto tell = [&](ProgressUpdate::Kind kind, const std::string& label, int round, int iteration) {
    if (!options.progress) return;
    if (kind != ProgressUpdate::Kind::iteration) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - run_started).count();
      remaining_s = tracker.remaining_s(elapsed);
    }
    options.progress(ProgressUpdate{kind, tracker.done(), tracker.total(), remaining_s, label,
                                    round + 1, rounds, iteration, iterations});
  };
  std::vector<bool> started(run.cells.size(), false);
  std::vector<bool> reported(run.cells.size(), false);
  auto report_final = [&](std::size_t i) {
    if (!options.cell_finished || reported[i]) return;
    reported[i] = true;
    CellResult final_cell = run.cells[i];
    summarise_cell(final_cell, plan.run.kernel_counts);
    options.cell_finished(final_cell);
  };
  for (std::size_t i = 0; i < run.cells.size(); ++i)
    if (run.cells[i].status != CellStatus::ok) report_final(i);

  for (int round = 0; round < rounds && !interrupted(); ++round) {
    for (const std::size_t i : shard_round_order(run.cells, plan, options.order_seed, round)) {
      if (interrupted()) break;
      CellResult& cell = run.cells[i];
      if (cell.status != CellStatus::ok) continue;  // skipped, or failed in an earlier round
      started[i] = true;

      CellJob job;
      job.cell = cell.cell;
      // A pair's roles get theirs in run_pair_round; a server that is no plugin loads none.
      if (cell.cell.role_plugins.empty() && !cell.cell.external_server)
        load_setup(job, options, "");
      job.warmup = plan.run.warmup;
      job.repetitions = plan.run.repetitions;
      job.round = round;
      job.cpus = plan.run.cpus;
      // The kernel's counters of the cell's process (exec/kernel_phase.h) hold some too.
      job.kernel_counts = plan.run.kernel_counts;
      job.nofile_needed = std::min(
          workload->fds_needed(cell.cell) + (job.kernel_counts ? proc::kernel_counter_fds() : 0),
          fd_hard);

      CellProcessOptions process;
      process.runner_exe = options.runner_exe;
      process.log_path = options.results_dir / "logs" /
                         fmt::format("cell-{:04}-round-{}.log", cell.cell.index, round);
      process.timeout =
          plan.run.timeout + workload->planned_time(cell.cell, job.warmup + job.repetitions);
      process.interrupted = options.interrupted;

      const bool paired = workload->layout() == workload::ProcessLayout::server_client;
      const std::string label = cell_label(cell.cell);
      tell(ProgressUpdate::Kind::round_started, label, round, 0);
      // Measured for interference, and run again while disturbed under on_disturbance =
      // "retry" (a retry's log replaces the attempt before it: proc::ChildProcess truncates).
      const auto attempt = [&](int n) {
        int iterations_reported = 0;
        const auto on_sample = [&](const Sample& s) {
          if (!s.warmup) samples.write(cell.cell, s, n);
          tell(ProgressUpdate::Kind::iteration, label, round, ++iterations_reported);
        };
        return paired ? run_pair_round(plan, options, *workload, job, process, on_sample)
                      : run_cell_process(job, process, on_sample);
      };
      MeasuredRound measured = run_measured_round(
          round, round_cpus(plan, paired), plan.run, attempt,
          [&](const RoundInterference& r) { samples.write_interference(cell.cell, r); },
          options.interrupted);
      CellProcessResult& outcome = measured.outcome;
      cell.interference.push_back(std::move(measured.interference));
      note_disturbance(cell, plan.run.disturbance_threshold);
      add_role_results(cell, outcome);
      for (auto& s : outcome.samples)
        if (!s.warmup) cell.samples.push_back(std::move(s));
      add_rusage(cell.rusage, outcome.rusage);
      cell.rusage_per_round.push_back(outcome.rusage);
      if (outcome.provenance) cell.provenance = std::move(outcome.provenance);
      if (outcome.status != CellStatus::ok) {
        cell.status = outcome.status;
        cell.reason =
            rounds > 1 ? fmt::format("round {}: {}", round + 1, outcome.reason) : outcome.reason;
        samples.write_event(cell.cell, round, to_string(cell.status), cell.reason);
      }
      remove_if_empty(process.log_path);
      if (paired)
        for (const char* role : {"server", "client"})
          remove_if_empty(process.log_path.parent_path() /
                          (process.log_path.stem().string() + "-" + role + ".log"));

      const double wall_s = cell.interference.empty() ? 0 : cell.interference.back().wall_s;
      tracker.round_finished(i, wall_s, cell.status == CellStatus::ok);
      tell(ProgressUpdate::Kind::round_finished, label, round, iterations);
      if (cell.status != CellStatus::ok || round + 1 == rounds) report_final(i);
    }
    if (!interrupted()) tell(ProgressUpdate::Kind::pass_finished, {}, round, 0);
  }

  for (std::size_t i = 0; i < run.cells.size(); ++i) {
    CellResult& cell = run.cells[i];
    if (interrupted() && cell.status == CellStatus::ok &&
        (!started[i] || cell.rusage_per_round.size() < static_cast<std::size_t>(rounds))) {
      cell.status = CellStatus::interrupted;
      cell.reason =
          started[i] ? "interrupted before all rounds finished" : "interrupted before it started";
    }
    summarise_cell(cell, plan.run.kernel_counts);
    report_final(i);
  }
  return run;
}

}  // namespace rb::exec
