#include "exec/process_executor.h"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "exec/duet_plan.h"
#include "exec/lockstep_process.h"
#include "exec/pair_round.h"
#include "exec/round_outcome.h"
#include "proc/kernel_counters.h"
#include "proc/process_limits.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

// An empty log says nothing; keep only the ones with something in them. A retry's log
// replaces the attempt's before it (proc::ChildProcess truncates), so this runs after each.
void remove_empty_log(const std::filesystem::path& log) {
  std::error_code ec;
  if (std::filesystem::file_size(log, ec) == 0 && !ec) std::filesystem::remove(log, ec);
}

}  // namespace

ProcessExecutor::ProcessExecutor(const config::TestPlan& plan, const MatrixOptions& options)
    : plan_(plan),
      options_(options),
      workload_(*workload::find_workload(plan.workload)),
      fd_hard_(proc::nofile_hard_limit()),
      iterations_(plan.run.warmup + plan.run.repetitions),
      paired_(workload_.layout() == workload::ProcessLayout::server_client),
      duet_cpus_(duet_cpus(plan)) {}

MeasuredRound ProcessExecutor::run_alone(const CellSpec& cell, int round, int attempt,
                                         const SampleSink& on_sample) {
  const CellJob job = job_for(cell, round);
  const CellProcessOptions process = process_for(cell, round, "");
  MeasuredRound measured = measure_attempt(
      round, attempt, round_cpus(plan_, paired_), plan_.run.disturbance_threshold, [&](int) {
        return paired_ ? run_pair_round(plan_, options_.plugin_paths, workload_, job, process,
                                        on_sample)
                       : run_cell_process(job, process, on_sample);
      });
  remove_empty_log(process.log_path);
  if (paired_)
    for (const char* role : {"server", "client"})
      remove_empty_log(role_log(process.log_path, role));
  return measured;
}

MeasuredGroup ProcessExecutor::run_lockstep(const std::vector<const CellSpec*>& group, int round,
                                            int attempt, const MemberSampleSink& on_sample) {
  const CellJob job = lockstep_job(group, round);
  const CellProcessOptions process = process_for(*group[0], round, "-lockstep");
  MeasuredGroup out;
  out.total = measure_attempt(round, attempt, round_cpus(plan_, false),
                              plan_.run.disturbance_threshold, [&](int) {
                                out.members = run_lockstep_process(job, process, on_sample);
                                return group_total(out.members);
                              });
  remove_empty_log(process.log_path);
  return out;
}

MeasuredGroup ProcessExecutor::run_duet(const std::vector<const CellSpec*>& group, int round,
                                        int attempt, const MemberSampleSink& on_sample) {
  std::vector<CellJob> jobs;
  std::vector<CellProcessOptions> processes;
  std::vector<int> cpus;
  for (std::size_t k = 0; k < group.size(); ++k) {
    jobs.push_back(job_for(*group[k], round));
    const int cpu = duet_cpu(k, round, duet_cpus_);
    jobs.back().cpus = {cpu};
    cpus.push_back(cpu);
    processes.push_back(process_for(*group[k], round, "-duet"));
  }
  std::sort(cpus.begin(), cpus.end());
  MeasuredGroup out;
  out.members.resize(group.size());
  out.total = measure_attempt(round, attempt, cpus, plan_.run.disturbance_threshold, [&](int) {
    run_at_once(jobs, processes, on_sample, out.members);
    return group_total(out.members);
  });
  for (const auto& process : processes) remove_empty_log(process.log_path);
  return out;
}

// One thread per member, each running its member's process; the samples passed on one at a
// time. The runner's own failure in any of them is rethrown once all have ended.
void ProcessExecutor::run_at_once(const std::vector<CellJob>& jobs,
                                  const std::vector<CellProcessOptions>& processes,
                                  const MemberSampleSink& on_sample,
                                  std::vector<CellProcessResult>& members) {
  std::mutex passing;
  std::vector<std::exception_ptr> errors(jobs.size());
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < jobs.size(); ++k)
    threads.emplace_back([&, k] {
      try {
        members[k] = run_cell_process(jobs[k], processes[k], [&](const Sample& s) {
          const std::lock_guard lock(passing);
          on_sample(k, s);
        });
      } catch (...) {
        errors[k] = std::current_exception();
      }
    });
  for (auto& thread : threads) thread.join();
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
}

CellJob ProcessExecutor::job_for(const CellSpec& cell, int round) const {
  CellJob job;
  job.cell = cell;
  // A pair's roles get theirs in run_pair_round; a server that is no plugin loads none.
  if (cell.role_plugins.empty() && !cell.external_server)
    load_setup(job, options_.plugin_paths, "");
  job.warmup = plan_.run.warmup;
  job.repetitions = plan_.run.repetitions;
  job.round = round;
  job.cpus = plan_.run.cpus;
  job.kernel_counts = plan_.run.kernel_counts;
  job.nofile_needed = std::min(workload_.fds_needed(cell) + counter_fds(), fd_hard_);
  return job;
}

// The first cell's job, the others as its partners, the descriptors of all of them.
CellJob ProcessExecutor::lockstep_job(const std::vector<const CellSpec*>& group, int round) const {
  CellJob job = job_for(*group[0], round);
  for (std::size_t k = 1; k < group.size(); ++k) {
    job.lockstep_partners.push_back(job_for(*group[k], round));
    job.nofile_needed += job.lockstep_partners.back().nofile_needed;
  }
  job.nofile_needed = std::min(job.nofile_needed, fd_hard_);
  job.lockstep_seed = options_.order_seed ^ (0x9e3779b97f4a7c15ULL * (group[0]->index + 1));
  return job;
}

CellProcessOptions ProcessExecutor::process_for(const CellSpec& cell, int round,
                                                const std::string& suffix) const {
  CellProcessOptions process;
  process.runner_exe = options_.runner_exe;
  process.log_path = options_.results_dir / "logs" /
                     fmt::format("cell-{:04}-round-{}{}.log", cell.index, round, suffix);
  process.timeout = plan_.run.timeout + workload_.planned_time(cell, iterations_);
  process.interrupted = options_.interrupted;
  return process;
}

long ProcessExecutor::counter_fds() const {
  return plan_.run.kernel_counts ? proc::kernel_counter_fds() : 0;
}

}  // namespace rb::exec
