#include "exec/interference.h"

#include <chrono>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "proc/cpu_busy.h"
#include "proc/load_average.h"
#include "proc/process_limits.h"

namespace rb::exec {
namespace {

using Clock = std::chrono::steady_clock;

bool is_interrupted(const std::atomic<bool>* interrupted) {
  return interrupted != nullptr && interrupted->load();
}

// 0.123 -> "12.3%", 0.05 -> "5%"
std::string percent(double share) {
  return fmt::format("{:.3g}%", share * 100);
}

std::string cpu_list(const std::vector<int>& cpus) {
  return fmt::format("{} {}", cpus.size() == 1 ? "cpu" : "cpus", fmt::join(cpus, ", "));
}

}  // namespace

std::vector<int> measured_cpus(const std::vector<int>& pinned) {
  return pinned.empty() ? proc::allowed_cpus() : pinned;
}

// Own CPU time from wait4: the rusage of every process of the round, both sides of a pair.
MeasuredRound measure_attempt(int round, int attempt_number, const std::vector<int>& cpus,
                              double threshold,
                              const std::function<CellProcessResult(int attempt)>& attempt) {
  const auto before = proc::read_proc_stat();
  const auto started = Clock::now();
  CellProcessResult outcome = attempt(attempt_number);
  const double wall_s = std::chrono::duration<double>(Clock::now() - started).count();
  const auto after = proc::read_proc_stat();

  RoundInterference r;
  r.round = round;
  r.attempt = attempt_number;
  r.cpus = cpus;
  const proc::CpuShares shares =
      proc::cpu_shares(before, after, cpus, wall_s, outcome.rusage.user_s + outcome.rusage.sys_s,
                       proc::ticks_per_second());
  r.foreign_cpu_share = shares.foreign_cpu_share;
  r.steal_share = shares.steal_share;
  r.load_average = proc::one_minute_load_average();
  r.wall_s = wall_s;
  if (outcome.canary) {
    r.canary_cpu_ns = outcome.canary->cpu_ns;
    r.canary_syscall_ns = outcome.canary->syscall_ns;
  }
  r.disturbed = r.foreign_cpu_share > threshold || r.steal_share > threshold;
  return {std::move(outcome), std::move(r)};
}

MeasuredRound retry_while_disturbed(const config::RunSettings& settings,
                                    const std::function<MeasuredRound(int attempt)>& attempt,
                                    const std::function<void(const RoundInterference&)>& measured,
                                    const std::atomic<bool>* interrupted) {
  const int attempts =
      1 + (settings.on_disturbance == config::OnDisturbance::retry ? settings.max_retries : 0);
  MeasuredRound out;
  for (int n = 0; n < attempts; ++n) {
    out = attempt(n);
    if (measured) measured(out.interference);
    // A round that failed is that failure, disturbed or not; only a clean result is redone.
    if (!out.interference.disturbed || out.outcome.status != CellStatus::ok ||
        is_interrupted(interrupted))
      break;
  }
  return out;
}

MeasuredRound run_measured_round(int round, const std::vector<int>& cpus,
                                 const config::RunSettings& settings,
                                 const std::function<CellProcessResult(int attempt)>& attempt,
                                 const std::function<void(const RoundInterference&)>& measured,
                                 const std::atomic<bool>* interrupted) {
  return retry_while_disturbed(
      settings,
      [&](int n) {
        return measure_attempt(round, n, cpus, settings.disturbance_threshold, attempt);
      },
      measured, interrupted);
}

std::string disturbance_reason(const RoundInterference& r, double threshold) {
  if (!r.disturbed) return {};
  std::vector<std::string> why;
  if (r.foreign_cpu_share > threshold)
    why.push_back(fmt::format("{} of {} busy with other work", percent(r.foreign_cpu_share),
                              cpu_list(r.cpus)));
  if (r.steal_share > threshold)
    why.push_back(
        fmt::format("{} of {} stolen by the hypervisor", percent(r.steal_share), cpu_list(r.cpus)));
  std::string out = fmt::format("round {}: {} (threshold {})", r.round + 1, fmt::join(why, ", "),
                                percent(threshold));
  if (r.attempt > 0)
    out += fmt::format(", still after {} {}", r.attempt, r.attempt == 1 ? "retry" : "retries");
  return out;
}

void note_disturbance(CellResult& cell, double threshold) {
  std::vector<std::string> reasons;
  for (const auto& round : cell.interference)
    if (round.disturbed) reasons.push_back(disturbance_reason(round, threshold));
  cell.disturbed = !reasons.empty();
  cell.disturbance = fmt::format("{}", fmt::join(reasons, "; "));
}

}  // namespace rb::exec
