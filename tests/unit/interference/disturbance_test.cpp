// When a round is disturbed, what the cell says about it, and the retry policy of
// run_measured_round (with a stand-in for the cell's process).
#include <gtest/gtest.h>

#include <time.h>

#include "exec/interference.h"
#include "proc/process_limits.h"

namespace rb::exec {
namespace {

RoundInterference round_of(int round, double foreign, double steal, bool disturbed,
                           int attempt = 0) {
  return {.round = round,
          .cpus = {1},
          .foreign_cpu_share = foreign,
          .steal_share = steal,
          .attempt = attempt,
          .disturbed = disturbed};
}

TEST(Disturbance, TheReasonNamesTheRoundTheShareTheCpusAndTheThreshold) {
  EXPECT_EQ(disturbance_reason(round_of(1, 0.123, 0, true), 0.05),
            "round 2: 12.3% of cpu 1 busy with other work (threshold 5%)");
  RoundInterference both = round_of(0, 0.2, 0.07, true, 2);
  both.cpus = {0, 1};
  EXPECT_EQ(disturbance_reason(both, 0.05),
            "round 1: 20% of cpus 0, 1 busy with other work, 7% of cpus 0, 1 stolen by the "
            "hypervisor (threshold 5%), still after 2 retries");
  EXPECT_EQ(disturbance_reason(round_of(0, 0.5, 0, false), 0.05), "");
}

TEST(Disturbance, ACellIsDisturbedWhenAnyKeptRoundIs) {
  CellResult cell;
  cell.interference = {round_of(0, 0.01, 0, false), round_of(1, 0.3, 0, true),
                       round_of(2, 0.02, 0.1, true)};
  note_disturbance(cell, 0.05);
  EXPECT_TRUE(cell.disturbed);
  EXPECT_EQ(cell.disturbance,
            "round 2: 30% of cpu 1 busy with other work (threshold 5%); round 3: 10% of cpu 1 "
            "stolen by the hypervisor (threshold 5%)");
  cell.interference = {round_of(0, 0.01, 0, false)};
  note_disturbance(cell, 0.05);
  EXPECT_FALSE(cell.disturbed);
  EXPECT_EQ(cell.disturbance, "");
}

// Stand-ins for one attempt of a cell's process. The busy one spins here, in this process,
// which the measurement does not count as the cell's own: foreign work, so the round is
// disturbed whatever else the machine does. The quiet one claims far more CPU time of its own
// than the CPUs had, so nothing is left over for anyone else.
CellProcessResult busy_attempt() {
  timespec t{};
  auto cpu_ns = [&] {
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1'000'000'000L + t.tv_nsec;
  };
  const long start = cpu_ns();
  volatile unsigned long spin = 0;
  while (cpu_ns() - start < 100'000'000L) spin = spin + 1;
  return {};
}

CellProcessResult quiet_attempt() {
  CellProcessResult r;
  r.rusage.user_s = 1e6;
  r.canary = CanaryResult{1.5, 200};
  return r;
}

config::RunSettings retry_settings(int max_retries) {
  config::RunSettings s;
  s.on_disturbance = config::OnDisturbance::retry;
  s.max_retries = max_retries;
  return s;
}

TEST(MeasuredRound, FlagKeepsTheDisturbedAttempt) {
  int calls = 0;
  const MeasuredRound r = run_measured_round(
      3, proc::allowed_cpus(), config::RunSettings{},
      [&](int) {
        ++calls;
        return busy_attempt();
      },
      nullptr, nullptr);
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(r.interference.disturbed);
  EXPECT_GT(r.interference.foreign_cpu_share, 0.05);
  EXPECT_EQ(r.interference.round, 3);
  EXPECT_EQ(r.interference.attempt, 0);
  EXPECT_EQ(r.interference.cpus, proc::allowed_cpus());
}

TEST(MeasuredRound, RetryRunsADisturbedRoundAgainAndKeepsTheLastAttempt) {
  std::vector<int> attempts;
  std::vector<RoundInterference> seen;
  const MeasuredRound r = run_measured_round(
      0, proc::allowed_cpus(), retry_settings(2),
      [&](int n) {
        attempts.push_back(n);
        return n == 0 ? busy_attempt() : quiet_attempt();
      },
      [&](const RoundInterference& i) { seen.push_back(i); }, nullptr);
  EXPECT_EQ(attempts, (std::vector<int>{0, 1}));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_TRUE(seen[0].disturbed);
  EXPECT_FALSE(seen[1].disturbed);
  EXPECT_EQ(r.interference.attempt, 1);
  EXPECT_FALSE(r.interference.disturbed);
  EXPECT_DOUBLE_EQ(r.interference.canary_cpu_ns, 1.5);
  EXPECT_DOUBLE_EQ(r.interference.canary_syscall_ns, 200);
}

TEST(MeasuredRound, RetriesStopAtMaxRetries) {
  int calls = 0;
  const MeasuredRound r = run_measured_round(
      0, proc::allowed_cpus(), retry_settings(1),
      [&](int) {
        ++calls;
        return busy_attempt();
      },
      nullptr, nullptr);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(r.interference.attempt, 1);
  EXPECT_TRUE(r.interference.disturbed);
}

TEST(MeasuredRound, AFailedOrInterruptedAttemptIsNotRetried) {
  int calls = 0;
  const auto failing = [&](int) {
    ++calls;
    CellProcessResult out = busy_attempt();
    out.status = CellStatus::crashed;
    return out;
  };
  EXPECT_EQ(
      run_measured_round(0, proc::allowed_cpus(), retry_settings(2), failing, nullptr, nullptr)
          .outcome.status,
      CellStatus::crashed);
  EXPECT_EQ(calls, 1);

  calls = 0;
  const std::atomic<bool> interrupted{true};
  run_measured_round(
      0, proc::allowed_cpus(), retry_settings(2),
      [&](int) {
        ++calls;
        return busy_attempt();
      },
      nullptr, &interrupted);
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace rb::exec
