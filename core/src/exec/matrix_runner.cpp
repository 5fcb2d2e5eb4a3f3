#include "exec/matrix_runner.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "exec/budget_rounds.h"
#include "exec/cell_process.h"
#include "exec/duet_plan.h"
#include "exec/interference.h"
#include "exec/lockstep_process.h"
#include "exec/pair_process.h"
#include "exec/progress_tracker.h"
#include "exec/round_order.h"
#include "model/metric_info.h"
#include "proc/kernel_counters.h"
#include "proc/process_limits.h"
#include "report/samples_writer.h"
#include "stats/sequential_design.h"
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
  return CellLauncher{
      prefix,
      plan.run.remote_runner.empty() ? runner_exe : std::filesystem::path(plan.run.remote_runner),
      launcher_uses_shell(prefix)};
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

// The cells of cell i's point still running, i first, for one lockstep process: all of
// them when their descriptors fit under the hard limit together; else those of i's base
// plugin (a plugin with its variants and other builds: what an A/B compares); else none (each
// runs a process of its own, paired by rounds).
std::vector<std::size_t> lockstep_group(const std::vector<CellResult>& cells, std::size_t i,
                                        std::size_t per_point, const workload::Workload& workload,
                                        long fds_per_cell_extra, long fd_hard) {
  // The cells are in plan order (triage_cells), so the point's are around i.
  const std::size_t point = cells[i].cell.index / per_point;
  auto in_point = [&](std::size_t j) { return cells[j].cell.index / per_point == point; };
  std::size_t first = i;
  while (first > 0 && in_point(first - 1)) --first;
  std::size_t last = i;
  while (last + 1 < cells.size() && in_point(last + 1)) ++last;
  const std::string& base = cells[i].cell.base_plugin_for("");
  auto gather = [&](bool same_base_only) {
    std::vector<std::size_t> group = {i};
    long fds = workload.fds_needed(cells[i].cell) + fds_per_cell_extra;
    for (std::size_t j = first; j <= last; ++j) {
      const CellSpec& spec = cells[j].cell;
      if (j == i || cells[j].status != CellStatus::ok) continue;
      if (same_base_only && spec.base_plugin_for("") != base) continue;
      group.push_back(j);
      fds += workload.fds_needed(spec) + fds_per_cell_extra;
    }
    return fds <= fd_hard ? group : std::vector<std::size_t>{};
  };
  std::vector<std::size_t> group = gather(false);
  return group.empty() ? gather(true) : group;
}

// One outcome for the lockstep process as a whole, which the disturbance measurement and its
// retries judge: ok only when every member is; the CPU time all of them used.
CellProcessResult lockstep_total(const std::vector<CellProcessResult>& members) {
  CellProcessResult total;
  for (const auto& member : members) {
    if (total.status == CellStatus::ok && member.status != CellStatus::ok) {
      total.status = member.status;
      total.reason = member.reason;
    }
    total.rusage.user_s += member.rusage.user_s;
    total.rusage.sys_s += member.rusage.sys_s;
    total.canary = member.canary;
  }
  return total;
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

namespace {

// One run of a plan: the cells' results as they grow, the progress and what the rounds share
// (the plan, the options, the samples file). run_matrix's state, so that each step of a round
// is a function of its own.
class MatrixRun {
 public:
  MatrixRun(const config::TestPlan& plan, const MatrixOptions& options,
            report::SamplesWriter& samples, RunResult run)
      : plan_(plan),
        options_(options),
        samples_(samples),
        workload_(*workload::find_workload(plan.workload)),  // run_matrix checked it
        fd_hard_(proc::nofile_hard_limit()),
        rounds_(plan.run.rounds),
        iterations_(plan.run.warmup + plan.run.repetitions),
        paired_(workload_.layout() == workload::ProcessLayout::server_client),
        budgeted_(plan.run.budget.count() > 0 && static_cast<bool>(options.look)),
        run_(std::move(run)),
        tracker_(
            cells_that_run(run_.cells),
            round_time_priors(plan, run_.cells,
                              options.earlier_round_times ? &*options.earlier_round_times : nullptr)
                .seconds,
            rounds_),
        started_(run_.cells.size(), false),
        reported_(run_.cells.size(), false) {}

  RunResult run() {
    for (std::size_t i = 0; i < run_.cells.size(); ++i)
      if (run_.cells[i].status != CellStatus::ok) report_final(i);
    for (int round = 0; round < rounds_ && !interrupted(); ++round) {
      run_round(round);
      if (!interrupted()) tell(ProgressUpdate::Kind::pass_finished, {}, round, 0);
    }
    if (budgeted_ && !interrupted()) spend_budget();
    for (std::size_t i = 0; i < run_.cells.size(); ++i) finish_cell(i);
    return std::move(run_);
  }

 private:
  static std::vector<bool> cells_that_run(const std::vector<CellResult>& cells) {
    std::vector<bool> runs;
    for (const CellResult& c : cells) runs.push_back(c.status == CellStatus::ok);
    return runs;
  }

  bool interrupted() const {
    return options_.interrupted != nullptr && options_.interrupted->load();
  }

  // The ETA changes only when a round ends: it is worked out then, not as each sample of the
  // measured round arrives (this process shares the machine with the child measuring).
  void tell(ProgressUpdate::Kind kind, const std::string& label, int round, int iteration) {
    if (!options_.progress) return;
    if (kind != ProgressUpdate::Kind::iteration) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at_).count();
      remaining_s_ = tracker_.remaining_s(elapsed);
    }
    options_.progress(ProgressUpdate{kind, tracker_.done(), tracker_.total(), remaining_s_, label,
                                     round + 1, shown_rounds_, iteration, iterations_});
  }

  void report_final(std::size_t i) {
    if (!options_.cell_finished || reported_[i]) return;
    reported_[i] = true;
    CellResult final_cell = run_.cells[i];
    summarise_cell(final_cell, plan_.run.kernel_counts);
    options_.cell_finished(final_cell);
  }

  // Each cell still running gets this round: alone, or with its point's cells in one
  // lockstep process ([run] pairing = "iterations").
  void run_round(int round) {
    const std::size_t per_point = plan_.columns().size();
    std::vector<bool> ran(run_.cells.size(), false);
    for (const std::size_t i : shard_round_order(run_.cells, plan_, options_.order_seed, round)) {
      if (interrupted()) break;
      if (ran[i] || run_.cells[i].status != CellStatus::ok) continue;  // skipped, or failed
      std::vector<std::size_t> group;
      const config::Pairing pairing = plan_.effective_pairing();
      if (pairing == config::Pairing::iterations && !paired_)
        group = lockstep_group(run_.cells, i, per_point, workload_, counter_fds(), fd_hard_);
      if (pairing == config::Pairing::duet && !paired_)
        group = duet_group(run_.cells, i, per_point, duet_cpus_.size());
      if (group.size() >= 2) {
        for (const std::size_t member : group) ran[member] = true;
        if (pairing == config::Pairing::duet)
          run_duet(group, round);
        else
          run_lockstep(group, round);
      } else {
        ran[i] = true;
        run_alone(i, round, 0);
      }
    }
  }

  // The descriptors the kernel's counters hold in a cell's process (exec/kernel_phase.h).
  long counter_fds() const { return plan_.run.kernel_counts ? proc::kernel_counter_fds() : 0; }

  CellJob job_for(const CellResult& cell, int round) const {
    CellJob job;
    job.cell = cell.cell;
    // A pair's roles get theirs in run_pair_round; a server that is no plugin loads none.
    if (cell.cell.role_plugins.empty() && !cell.cell.external_server) load_setup(job, options_, "");
    job.warmup = plan_.run.warmup;
    job.repetitions = plan_.run.repetitions;
    job.round = round;
    job.cpus = plan_.run.cpus;
    job.kernel_counts = plan_.run.kernel_counts;
    job.nofile_needed = std::min(workload_.fds_needed(cell.cell) + counter_fds(), fd_hard_);
    return job;
  }

  CellProcessOptions process_for(const CellResult& cell, int round,
                                 const std::string& suffix) const {
    CellProcessOptions process;
    process.runner_exe = options_.runner_exe;
    process.log_path = options_.results_dir / "logs" /
                       fmt::format("cell-{:04}-round-{}{}.log", cell.cell.index, round, suffix);
    process.timeout = plan_.run.timeout + workload_.planned_time(cell.cell, iterations_);
    process.interrupted = options_.interrupted;
    return process;
  }

  // What a finished round of cell i adds to it, and what the progress and the store learn.
  void record_round(std::size_t i, int round, CellProcessResult& outcome,
                    RoundInterference interference, const std::filesystem::path& log) {
    CellResult& cell = run_.cells[i];
    cell.interference.push_back(std::move(interference));
    note_disturbance(cell, plan_.run.disturbance_threshold);
    add_role_results(cell, outcome);
    for (auto& s : outcome.samples)
      if (!s.warmup) cell.samples.push_back(std::move(s));
    add_rusage(cell.rusage, outcome.rusage);
    cell.rusage_per_round.push_back(outcome.rusage);
    if (outcome.provenance) cell.provenance = std::move(outcome.provenance);
    if (outcome.status != CellStatus::ok) {
      cell.status = outcome.status;
      cell.reason =
          rounds_ > 1 ? fmt::format("round {}: {}", round + 1, outcome.reason) : outcome.reason;
      samples_.write_event(cell.cell, round, to_string(cell.status), cell.reason);
    }
    remove_if_empty(log);
    if (paired_)
      for (const char* role : {"server", "client"})
        remove_if_empty(log.parent_path() / (log.stem().string() + "-" + role + ".log"));

    tracker_.round_finished(i, cell.interference.back().wall_s, cell.status == CellStatus::ok);
    tell(ProgressUpdate::Kind::round_finished, cell_label(cell.cell), round, iterations_);
    // With a budget, a cell may get more rounds after the planned ones: final at the end.
    if (cell.status != CellStatus::ok || (round + 1 == rounds_ && !budgeted_)) report_final(i);
  }

  // [run] budget: look at the run's comparisons; give each undecided one a batch of paired
  // rounds (the planned number), most uncertain first, and look again, at most kMaxLooks
  // times in all, until every comparison is decided or the budget would be overrun.
  void spend_budget() {
    const auto deadline = std::chrono::steady_clock::now() + plan_.run.budget;
    for (int look = 1; !interrupted(); ++look) {
      const BudgetLook judged = options_.look(run_.cells);
      mark_decided(run_.cells, judged, look);
      if (judged.undecided.empty()) return;
      if (look == stats::kMaxLooks) {
        mark_undecided(run_.cells, judged.undecided, fmt::format("undecided after {} looks", look));
        return;
      }
      for (std::size_t g = 0; g < judged.undecided.size(); ++g)
        if (!run_batch(judged.undecided[g], deadline)) {
          const std::vector<std::vector<std::size_t>> rest(judged.undecided.begin() + g,
                                                           judged.undecided.end());
          mark_undecided(run_.cells, rest, fmt::format("budget spent after look {}", look));
          return;
        }
    }
  }

  // One batch of extra rounds of a group; false when the next round would overrun the
  // budget (or the run was interrupted), the batch then cut short.
  bool run_batch(const std::vector<std::size_t>& group,
                 std::chrono::steady_clock::time_point deadline) {
    for (int r = 0; r < rounds_; ++r) {
      const std::vector<std::size_t> running = still_running(run_.cells, group);
      if (running.size() < 2) return true;  // nothing left to pair
      const bool one_process = lockstep_fits(running);
      const auto estimate =
          std::chrono::duration<double>(next_round_estimate_s(run_.cells, running, one_process));
      if (interrupted() || std::chrono::steady_clock::now() + estimate > deadline) return false;
      const int round = next_round_number(run_.cells, running);
      shown_rounds_ = std::max(shown_rounds_, round + 1);
      for (const std::size_t i : running) tracker_.add_round(i);
      if (one_process) {
        run_lockstep(running, round);
      } else if (plan_.effective_pairing() == config::Pairing::duet && !paired_ &&
                 running.size() <= duet_cpus_.size()) {
        run_duet(running, round);
      } else {
        // Alone each, in an order that alternates round by round (ABBA): neither side is
        // always the one measured first.
        std::vector<std::size_t> order = running;
        if (round % 2 == 1) std::reverse(order.begin(), order.end());
        for (const std::size_t i : order) run_alone(i, round, 0);
      }
    }
    return true;
  }

  // Whether the group's cells can share one lockstep process ([run] pairing = "iterations",
  // one-process workload, their descriptors under the hard limit together).
  bool lockstep_fits(const std::vector<std::size_t>& group) const {
    if (plan_.effective_pairing() != config::Pairing::iterations || paired_) return false;
    long fds = 0;
    for (const std::size_t i : group)
      fds += workload_.fds_needed(run_.cells[i].cell) + counter_fds();
    return fds <= fd_hard_;
  }

  // first_attempt: a round run again alone after its lockstep process crashed numbers its
  // attempts after that one's, so that readers of samples.jsonl keep these (the latest).
  void run_alone(std::size_t i, int round, int first_attempt) {
    CellResult& cell = run_.cells[i];
    started_[i] = true;
    const CellJob job = job_for(cell, round);
    const CellProcessOptions process = process_for(cell, round, "");
    const std::string label = cell_label(cell.cell);
    tell(ProgressUpdate::Kind::round_started, label, round, 0);
    // Measured for interference, and run again while disturbed under on_disturbance =
    // "retry" (a retry's log replaces the attempt before it: proc::ChildProcess truncates).
    const auto attempt = [&](int n) {
      int iterations_reported = 0;
      const auto on_sample = [&](const Sample& s) {
        if (!s.warmup) samples_.write(cell.cell, s, first_attempt + n);
        tell(ProgressUpdate::Kind::iteration, label, round, ++iterations_reported);
      };
      return paired_ ? run_pair_round(plan_, options_, workload_, job, process, on_sample)
                     : run_cell_process(job, process, on_sample);
    };
    MeasuredRound measured = run_measured_round(
        round, round_cpus(plan_, paired_), plan_.run, attempt,
        [&](RoundInterference r) {
          r.attempt += first_attempt;
          samples_.write_interference(cell.cell, r);
        },
        options_.interrupted);
    measured.interference.attempt += first_attempt;
    record_round(i, round, measured.outcome, std::move(measured.interference), process.log_path);
  }

  // The point's cells in one process, turn by turn (exec/lockstep_process.h). A member that
  // crashed or timed out there may have been the victim of another's crash: it runs its round
  // again alone, which finds the culprit.
  void run_lockstep(const std::vector<std::size_t>& group, int round) {
    const CellJob job = lockstep_job(group, round);
    const CellProcessOptions process = process_for(run_.cells[group[0]], round, "-lockstep");
    for (const std::size_t i : group) {
      started_[i] = true;
      tell(ProgressUpdate::Kind::round_started, cell_label(run_.cells[i].cell), round, 0);
    }
    std::vector<CellProcessResult> members;
    const auto attempt = [&](int n) {
      members = run_lockstep_process(job, process, [&](std::size_t k, const Sample& s) {
        if (!s.warmup) samples_.write(run_.cells[group[k]].cell, s, n);
      });
      return lockstep_total(members);
    };
    MeasuredRound measured = run_measured_round(
        round, round_cpus(plan_, false), plan_.run, attempt,
        [&](const RoundInterference& r) {
          for (const std::size_t i : group) samples_.write_interference(run_.cells[i].cell, r);
        },
        options_.interrupted);
    for (std::size_t k = 0; k < group.size(); ++k) {
      const CellStatus status = members[k].status;
      if ((status == CellStatus::crashed || status == CellStatus::timeout) && !interrupted()) {
        run_alone(group[k], round, measured.interference.attempt + 1);
        continue;
      }
      ++run_.cells[group[k]].rounds_in_lockstep;
      record_round(group[k], round, members[k], measured.interference, process.log_path);
    }
  }

  // The group's cells at the same time, each in a process of its own on a CPU of its own,
  // the CPUs rotated round by round (with two, the sides swap every round): whatever the
  // machine does in that moment, both sides live through it (exec/duet_plan.h).
  void run_duet(const std::vector<std::size_t>& group, int round) {
    std::vector<CellJob> jobs;
    std::vector<CellProcessOptions> processes;
    std::vector<int> cpus;
    for (std::size_t k = 0; k < group.size(); ++k) {
      jobs.push_back(job_for(run_.cells[group[k]], round));
      const int cpu = duet_cpu(k, round, duet_cpus_);
      jobs.back().cpus = {cpu};
      cpus.push_back(cpu);
      processes.push_back(process_for(run_.cells[group[k]], round, "-duet"));
      started_[group[k]] = true;
      tell(ProgressUpdate::Kind::round_started, cell_label(run_.cells[group[k]].cell), round, 0);
    }
    std::sort(cpus.begin(), cpus.end());
    std::vector<CellProcessResult> members(group.size());
    const auto attempt = [&](int n) {
      run_at_once(group, jobs, processes, n, members);
      return lockstep_total(members);
    };
    MeasuredRound measured = run_measured_round(
        round, cpus, plan_.run, attempt,
        [&](const RoundInterference& r) {
          for (const std::size_t i : group) samples_.write_interference(run_.cells[i].cell, r);
        },
        options_.interrupted);
    for (std::size_t k = 0; k < group.size(); ++k) {
      ++run_.cells[group[k]].rounds_in_duet;
      record_round(group[k], round, members[k], measured.interference, processes[k].log_path);
    }
  }

  // One thread per cell, each running its cell's process; the samples written one at a time.
  // The runner's own failure in any of them is rethrown once all have ended.
  void run_at_once(const std::vector<std::size_t>& group, const std::vector<CellJob>& jobs,
                   const std::vector<CellProcessOptions>& processes, int attempt,
                   std::vector<CellProcessResult>& members) {
    std::mutex writing;
    std::vector<std::exception_ptr> errors(group.size());
    std::vector<std::thread> threads;
    for (std::size_t k = 0; k < group.size(); ++k)
      threads.emplace_back([&, k] {
        try {
          members[k] = run_cell_process(jobs[k], processes[k], [&](const Sample& s) {
            if (s.warmup) return;
            const std::lock_guard lock(writing);
            samples_.write(run_.cells[group[k]].cell, s, attempt);
          });
        } catch (...) {
          errors[k] = std::current_exception();
        }
      });
    for (auto& thread : threads) thread.join();
    for (const auto& error : errors)
      if (error) std::rethrow_exception(error);
  }

  // The CPUs a duet spreads its cells over: [run] cpus when it names two or more, else every
  // CPU this process may use.
  static std::vector<int> duet_cpus_of(const config::TestPlan& plan) {
    return plan.run.cpus.size() >= 2 ? plan.run.cpus : proc::allowed_cpus();
  }

  // The first cell's job, the others as its partners, the descriptors of all of them.
  CellJob lockstep_job(const std::vector<std::size_t>& group, int round) const {
    CellJob job = job_for(run_.cells[group[0]], round);
    for (std::size_t k = 1; k < group.size(); ++k) {
      job.lockstep_partners.push_back(job_for(run_.cells[group[k]], round));
      job.nofile_needed += job.lockstep_partners.back().nofile_needed;
    }
    job.nofile_needed = std::min(job.nofile_needed, fd_hard_);
    job.lockstep_seed =
        options_.order_seed ^ (0x9e3779b97f4a7c15ULL * (run_.cells[group[0]].cell.index + 1));
    return job;
  }

  void finish_cell(std::size_t i) {
    CellResult& cell = run_.cells[i];
    if (interrupted() && cell.status == CellStatus::ok &&
        (!started_[i] || cell.rusage_per_round.size() < static_cast<std::size_t>(rounds_))) {
      cell.status = CellStatus::interrupted;
      cell.reason =
          started_[i] ? "interrupted before all rounds finished" : "interrupted before it started";
    }
    summarise_cell(cell, plan_.run.kernel_counts);
    report_final(i);
  }

  const config::TestPlan& plan_;
  const MatrixOptions& options_;
  report::SamplesWriter& samples_;
  const workload::Workload& workload_;
  const long fd_hard_;
  const int rounds_;
  const int iterations_;
  const bool paired_;    // two processes a cell (a server and a client)
  const bool budgeted_;  // [run] budget, and someone to judge the comparisons
  const std::vector<int> duet_cpus_ = duet_cpus_of(plan_);
  int shown_rounds_ = rounds_;  // the progress's "round r/n": more once the budget adds some
  RunResult run_;
  ProgressTracker tracker_;
  const std::chrono::steady_clock::time_point started_at_ = std::chrono::steady_clock::now();
  std::optional<double> remaining_s_;
  std::vector<bool> started_;
  std::vector<bool> reported_;
};

}  // namespace

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
  return MatrixRun(plan, options, samples, std::move(run)).run();
}

}  // namespace rb::exec
