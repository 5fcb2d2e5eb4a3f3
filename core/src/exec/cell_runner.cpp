#include "exec/cell_runner.h"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "exec/duet_plan.h"
#include "exec/interference.h"
#include "exec/lockstep_group.h"
#include "exec/round_order.h"
#include "exec/round_outcome.h"
#include "exec/round_time_priors.h"
#include "proc/kernel_counters.h"
#include "proc/process_limits.h"
#include "report/samples_writer.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

std::vector<bool> cells_that_run(const std::vector<CellResult>& cells) {
  std::vector<bool> runs;
  for (const CellResult& c : cells) runs.push_back(c.status == CellStatus::ok);
  return runs;
}

ProgressTracker progress_tracker(const config::TestPlan& plan, const MatrixOptions& options,
                                 const std::vector<CellResult>& cells) {
  const EarlierRoundTimes* earlier =
      options.earlier_round_times ? &*options.earlier_round_times : nullptr;
  return ProgressTracker(cells_that_run(cells), round_time_priors(plan, cells, earlier).seconds,
                         plan.run.rounds);
}

std::string cell_label(const CellSpec& cell) {
  return fmt::format("{} {} {}", cell.workload, cell.plugin, cell.params_label());
}

}  // namespace

CellRunner::CellRunner(const config::TestPlan& plan, const MatrixOptions& options,
                       report::SamplesWriter& samples, CellExecutor& executor, RunResult run)
    : plan_(plan),
      options_(options),
      samples_(samples),
      executor_(executor),
      workload_(*workload::find_workload(plan.workload)),
      fd_hard_(proc::nofile_hard_limit()),
      rounds_(plan.run.rounds),
      paired_(workload_.layout() == workload::ProcessLayout::server_client),
      budgeted_(plan.run.budget.count() > 0 && static_cast<bool>(options.look)),
      duet_cpu_count_(duet_cpus(plan).size()),
      run_(std::move(run)),
      progress_(options.progress, progress_tracker(plan, options, run_.cells), rounds_,
                plan.run.warmup + plan.run.repetitions),
      started_(run_.cells.size(), false),
      reported_(run_.cells.size(), false) {}

RunResult CellRunner::run() {
  for (std::size_t i = 0; i < run_.cells.size(); ++i)
    if (run_.cells[i].status != CellStatus::ok) report_final(i);
  for (int round = 0; round < rounds_ && !interrupted(); ++round) {
    run_round(round);
    if (!interrupted()) progress_.tell(ProgressUpdate::Kind::pass_finished, {}, round, 0);
  }
  if (budgeted_ && !interrupted()) spend_budget();
  for (std::size_t i = 0; i < run_.cells.size(); ++i) finish_cell(i);
  return std::move(run_);
}

bool CellRunner::interrupted() const {
  return options_.interrupted != nullptr && options_.interrupted->load();
}

void CellRunner::report_final(std::size_t i) {
  if (!options_.cell_finished || reported_[i]) return;
  reported_[i] = true;
  CellResult final_cell = run_.cells[i];
  summarise_cell(final_cell, plan_.run.kernel_counts);
  options_.cell_finished(final_cell);
}

// Each cell still running gets this round: alone, or with its point's cells in one
// lockstep process ([run] pairing = "iterations") or at the same time (duet).
void CellRunner::run_round(int round) {
  const std::size_t per_point = plan_.columns().size();
  const std::vector<std::size_t> order = shard_round_order(
      run_.cells, plan_.point_count() * per_point, per_point, options_.order_seed, round);
  std::vector<bool> ran(run_.cells.size(), false);
  for (const std::size_t i : order) {
    if (interrupted()) break;
    if (ran[i] || run_.cells[i].status != CellStatus::ok) continue;  // skipped, or failed
    std::vector<std::size_t> group;
    const config::Pairing pairing = plan_.effective_pairing();
    if (pairing == config::Pairing::iterations && !paired_)
      group = lockstep_group(run_.cells, i, per_point, workload_, counter_fds(), fd_hard_);
    if (pairing == config::Pairing::duet && !paired_)
      group = duet_group(run_.cells, i, per_point, duet_cpu_count_);
    if (group.size() < 2) group = {i};
    for (const std::size_t member : group) ran[member] = true;
    if (group.size() == 1)
      run_alone(i, round, 0);
    else if (pairing == config::Pairing::duet)
      run_duet(group, round);
    else
      run_lockstep(group, round);
  }
}

// first_attempt: a round run again alone after its lockstep process crashed numbers its
// attempts after that one's, so that readers of samples.jsonl keep these (the latest).
void CellRunner::run_alone(std::size_t i, int round, int first_attempt) {
  const CellSpec& cell = run_.cells[i].cell;
  started_[i] = true;
  const std::string label = cell_label(cell);
  progress_.tell(ProgressUpdate::Kind::round_started, label, round, 0);
  const auto attempt = [&](int n) {
    int iterations_reported = 0;
    return executor_.run_alone(cell, round, n, [&](const Sample& s) {
      if (!s.warmup) samples_.write(cell, s, first_attempt + n);
      progress_.tell(ProgressUpdate::Kind::iteration, label, round, ++iterations_reported);
    });
  };
  // Measured for interference, and run again while disturbed under on_disturbance = "retry".
  MeasuredRound measured = retry_while_disturbed(
      plan_.run, attempt,
      [&](RoundInterference r) {
        r.attempt += first_attempt;
        samples_.write_interference(cell, r);
      },
      options_.interrupted);
  measured.interference.attempt += first_attempt;
  record_round(i, round, measured.outcome, std::move(measured.interference));
}

// The point's cells in one process, turn by turn (exec/lockstep_process.h). A member that
// crashed or timed out there may have been the victim of another's crash: it runs its round
// again alone, which finds the culprit.
void CellRunner::run_lockstep(const std::vector<std::size_t>& group, int round) {
  std::vector<CellProcessResult> members;
  const MeasuredRound measured = run_together(group, round, Together::lockstep, members);
  for (std::size_t k = 0; k < group.size(); ++k) {
    const CellStatus status = members[k].status;
    if ((status == CellStatus::crashed || status == CellStatus::timeout) && !interrupted()) {
      run_alone(group[k], round, measured.interference.attempt + 1);
      continue;
    }
    ++run_.cells[group[k]].rounds_in_lockstep;
    record_round(group[k], round, members[k], measured.interference);
  }
}

// The group's cells at the same time, each in a process of its own on a CPU of its own,
// the CPUs rotated round by round (exec/duet_plan.h).
void CellRunner::run_duet(const std::vector<std::size_t>& group, int round) {
  std::vector<CellProcessResult> members;
  const MeasuredRound measured = run_together(group, round, Together::duet, members);
  for (std::size_t k = 0; k < group.size(); ++k) {
    ++run_.cells[group[k]].rounds_in_duet;
    record_round(group[k], round, members[k], measured.interference);
  }
}

// A group's round with its retries: the attempt kept, each member's outcome in `members`.
MeasuredRound CellRunner::run_together(const std::vector<std::size_t>& group, int round,
                                       Together how, std::vector<CellProcessResult>& members) {
  std::vector<const CellSpec*> specs;
  for (const std::size_t i : group) {
    specs.push_back(&run_.cells[i].cell);
    started_[i] = true;
    progress_.tell(ProgressUpdate::Kind::round_started, cell_label(run_.cells[i].cell), round, 0);
  }
  const auto attempt = [&](int n) {
    const MemberSampleSink on_sample = [&](std::size_t k, const Sample& s) {
      if (!s.warmup) samples_.write(*specs.at(k), s, n);
    };
    MeasuredGroup measured = how == Together::lockstep
                                 ? executor_.run_lockstep(specs, round, n, on_sample)
                                 : executor_.run_duet(specs, round, n, on_sample);
    if (measured.members.size() != group.size())
      throw std::logic_error(fmt::format("an executor returned {} outcomes for a group of {}",
                                         measured.members.size(), group.size()));
    members = std::move(measured.members);
    return std::move(measured.total);
  };
  return retry_while_disturbed(
      plan_.run, attempt,
      [&](const RoundInterference& r) {
        for (const CellSpec* spec : specs) samples_.write_interference(*spec, r);
      },
      options_.interrupted);
}

// What a finished round of cell i adds to it, and what the progress and the store learn.
void CellRunner::record_round(std::size_t i, int round, CellProcessResult& outcome,
                              RoundInterference interference) {
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
  const bool ok = cell.status == CellStatus::ok;
  progress_.round_finished(i, cell.interference.back().wall_s, ok, cell_label(cell.cell), round);
  // With a budget, a cell may get more rounds after the planned ones: final at the end.
  if (!ok || (round + 1 == rounds_ && !budgeted_)) report_final(i);
}

void CellRunner::finish_cell(std::size_t i) {
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

// The descriptors the kernel's counters hold in a cell's process (exec/kernel_phase.h).
long CellRunner::counter_fds() const {
  return plan_.run.kernel_counts ? proc::kernel_counter_fds() : 0;
}

}  // namespace rb::exec
