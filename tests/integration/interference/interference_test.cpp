// Interference measured end to end: a flower cell pinned to one CPU while a busy loop pinned
// to the same CPU spins. The cell's CPU is then half someone else's, so the round is
// disturbed (flagged, or retried and still disturbed) whatever else the machine is doing.
#include <gtest/gtest.h>

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <thread>

#include <fmt/format.h>

#include "run_helpers.h"

namespace {

using rbtest::read_json;
using rbtest::read_lines;
using rbtest::run_runner;
using rbtest::ScratchDir;

// The last CPU this process may use (sched_getaffinity): on a 2-CPU machine, CPU 1.
int cpu_to_share() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return 0;
  int last = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) last = cpu;
  return last;
}

// Spins on `cpu` from construction to destruction: the foreign work.
class BusyLoop {
 public:
  explicit BusyLoop(int cpu)
      : thread_([this, cpu] {
          cpu_set_t set;
          CPU_ZERO(&set);
          CPU_SET(cpu, &set);
          pinned_ = ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set) == 0;
          started_ = true;
          volatile unsigned long spin = 0;
          while (!stop_.load(std::memory_order_relaxed)) spin = spin + 1;
        }) {
    while (!started_) std::this_thread::yield();
  }
  ~BusyLoop() {
    stop_ = true;
    thread_.join();
  }
  bool pinned() const { return pinned_; }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> started_{false};
  std::atomic<bool> pinned_{false};
  std::thread thread_;
};

std::string config(int cpu, const std::string& extra) {
  return fmt::format(R"(workload = "flower"
plugins = ["raw-epoll"]

[run]
repetitions = 30
warmup = 1
rounds = 1
timeout = "60s"
cpus = [{}]
{}

[matrix]
pipes = [1000]
active = [100]
writes = [1000]
)",
                     cpu, extra);
}

struct LoadedRun {
  rbtest::RunOutput output;
  nlohmann::json cell;
  std::vector<nlohmann::json> lines;  // samples.jsonl
  std::string md;
};

LoadedRun run_under_load(const ScratchDir& dir, const std::string& extra) {
  const int cpu = cpu_to_share();
  LoadedRun run;
  {
    BusyLoop busy(cpu);
    EXPECT_TRUE(busy.pinned());
    run.output = run_runner({"run", dir.write("t.toml", config(cpu, extra)).string(), "--out",
                             (dir.path() / "out").string(), "--no-store"});
  }
  const auto out = dir.path() / "out";
  const auto summary = read_json(out / "summary.json");
  run.cell = summary.at("cells").at(0);
  for (const auto& line : read_lines(out / "samples.jsonl"))
    run.lines.push_back(nlohmann::json::parse(line));
  for (const auto& line : read_lines(out / "summary.md")) run.md += line + '\n';
  // The context carries the run's measured machine facts.
  const auto& context = summary.at("context");
  EXPECT_GT(context.at("clock_resolution_ns").get<double>(), 0);
  EXPECT_GT(context.at("clock_overhead_ns").get<double>(), 0);
  EXPECT_DOUBLE_EQ(context.at("disturbance_threshold").get<double>(), 0.05);
  EXPECT_TRUE(context.at("foreign_processes").is_array());
  return run;
}

TEST(Interference, ABusyLoopOnTheCellsCpuMakesItDisturbed) {
  ScratchDir dir;
  const LoadedRun run = run_under_load(dir, "");
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err;
  EXPECT_EQ(run.cell.at("status"), "ok");
  const auto& interference = run.cell.at("interference");
  EXPECT_TRUE(interference.at("disturbed").get<bool>()) << interference.dump();
  EXPECT_GT(interference.at("max_foreign_cpu_share").get<double>(), 0.05);
  EXPECT_NE(interference.at("disturbance").get<std::string>().find("busy with other work"),
            std::string::npos);
  ASSERT_EQ(interference.at("rounds").size(), 1u);
  const auto& round = interference.at("rounds").at(0);
  EXPECT_EQ(round.at("attempt"), 0);
  EXPECT_EQ(round.at("cpus"), nlohmann::json::array({cpu_to_share()}));
  EXPECT_GT(round.at("canary_cpu_ns").get<double>(), 0);
  EXPECT_GT(round.at("canary_syscall_ns").get<double>(), 0);

  // samples.jsonl has the round's record; the reports mark the cell and say why.
  long records = 0;
  for (const auto& line : run.lines)
    if (line.value("event", "") == "interference") {
      ++records;
      EXPECT_TRUE(line.at("interference").at("disturbed").get<bool>());
    }
  EXPECT_EQ(records, 1);
  EXPECT_NE(run.output.out.find("] !"), std::string::npos) << run.output.out;
  EXPECT_NE(run.output.out.find("! disturbed:"), std::string::npos) << run.output.out;
  EXPECT_NE(run.md.find("## Interference"), std::string::npos);
}

TEST(Interference, RetryRunsTheDisturbedRoundAgainAndRecordsTheAttempt) {
  ScratchDir dir;
  const LoadedRun run = run_under_load(dir, "on_disturbance = \"retry\"\nmax_retries = 1");
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err;
  const auto& interference = run.cell.at("interference");
  ASSERT_EQ(interference.at("rounds").size(), 1u);
  // Still under load, so the one retry was disturbed too: kept, flagged, and counted.
  const auto& round = interference.at("rounds").at(0);
  EXPECT_EQ(round.at("attempt"), 1);
  EXPECT_TRUE(interference.at("disturbed").get<bool>());
  EXPECT_NE(interference.at("disturbance").get<std::string>().find("still after 1 retry"),
            std::string::npos);
  // Both attempts streamed their samples; the summary counts only the kept attempt's.
  long first = 0, retried = 0, records = 0;
  for (const auto& line : run.lines) {
    if (line.value("event", "") == "interference") ++records;
    if (!line.contains("metrics")) continue;
    (line.value("attempt", 0) == 1 ? retried : first) += 1;
  }
  EXPECT_EQ(records, 2);
  EXPECT_EQ(first, 30);
  EXPECT_EQ(retried, 30);
  EXPECT_EQ(run.cell.at("samples"), 30);
  EXPECT_EQ(run.cell.at("metrics").at("dispatch_us").at("n"), 30);
  EXPECT_NE(run.md.find("round 1 retried 1 time"), std::string::npos) << run.md;
}

}  // namespace
