// The kernel's counts of a flower cell through the real runner: on raw-epoll they agree with
// what the plugin itself counts, and where they cannot be counted the cell says why and the
// run goes on as before.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "../support/capability.h"
#include "run_helpers.h"

namespace rbtest {
namespace {

constexpr const char* kPoint = "pipes = [10]\nactive = [2]\nwrites = [10]";

std::string config(bool counts = true) {
  return matrix_config("flower", R"("raw-epoll")",
                       "repetitions = 4\nwarmup = 1\nrounds = 2\ntimeout = \"20s\"" +
                           std::string(counts ? "\nkernel_counts = true" : ""),
                       kPoint);
}

std::uint64_t counter(const nlohmann::json& sample, const char* key) {
  return sample.at("counters").at(key).get<std::uint64_t>();
}

// Whether this machine lets a process count system calls, as the runner would find it.
bool syscalls_countable() {
  for (const char* root : {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"})
    if (std::filesystem::exists(std::filesystem::path(root) / "events/raw_syscalls/sys_enter/id"))
      return ::geteuid() == 0;
  return false;
}

TEST(RunnerKernelCounts, RawEpollFlowerCountsAgreeWithThePluginsOwn) {
  if (!syscalls_countable())
    RB_SKIP_WITHOUT("tracefs") << "no tracefs, or not root: syscalls not countable";
  ScratchDir dir;
  const auto result = run_runner(run_args(dir, "counts.toml", config(), RB_TEST_PLUGIN_DIR));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto out = dir.path() / "out";
  const auto samples = read_sample_lines(out / "samples.jsonl");
  ASSERT_EQ(samples.size(), 8u);
  for (const auto& line : samples) {
    const auto s = nlohmann::json::parse(line);
    // The pipes were registered in the warm-up's arm; a measured iteration adds none.
    EXPECT_EQ(counter(s, "sys.epoll_ctl"), 0u) << line;
    EXPECT_EQ(counter(s, "sys.epoll_wait"), counter(s, "loop_iterations")) << line;
    EXPECT_EQ(counter(s, "sys.read"), counter(s, "reads")) << line;
    // The plugin's writes and the host's priming byte into each of the `active` pipes.
    EXPECT_EQ(counter(s, "sys.write"), counter(s, "writes") + 2) << line;
    EXPECT_GE(counter(s, "sys.total"),
              counter(s, "sys.read") + counter(s, "sys.write") + counter(s, "sys.epoll_wait"));
  }
  const auto summary = read_json(out / "summary.json");
  const auto& counts = cell_of(summary, "raw-epoll").at("kernel_counts");
  EXPECT_EQ(counts.at("unit"), "read");
  EXPECT_FALSE(counts.contains("unavailable")) << counts.dump();
  // 12 reads an iteration (active 2 + writes 10), each one read() call.
  EXPECT_DOUBLE_EQ(counts.at("per_event").at("sys.read").at("per_event").get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(counts.at("per_event").at("sys.epoll_ctl").at("round_max").get<double>(), 0.0);
  std::ifstream md(out / "summary.md");
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(contains(text, "## Kernel counts per event")) << text;
  EXPECT_TRUE(contains(text, "| sys.total |")) << text;
}

TEST(RunnerKernelCounts, NotAskedForNothingIsCountedOrSaid) {
  ScratchDir dir;
  const auto result = run_runner(run_args(dir, "counts.toml", config(false), RB_TEST_PLUGIN_DIR));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto out = dir.path() / "out";
  for (const auto& line : read_sample_lines(out / "samples.jsonl")) {
    const auto s = nlohmann::json::parse(line);
    for (const auto& [key, value] : s.at("counters").items())
      EXPECT_TRUE(key.rfind("sys.", 0) != 0 && key != "cs" && key != "faults") << line;
  }
  const auto summary = read_json(out / "summary.json");
  EXPECT_FALSE(cell_of(summary, "raw-epoll").contains("kernel_counts"));
}

TEST(RunnerKernelCounts, WithoutTracefsTheCellSaysWhyAndTheRunIsAsBefore) {
  ScratchDir dir;
  const auto empty = dir.path() / "no-tracefs";
  std::filesystem::create_directories(empty);
  ::setenv("RB_TRACEFS", empty.c_str(), 1);
  const auto result = run_runner(run_args(dir, "counts.toml", config(), RB_TEST_PLUGIN_DIR));
  ::unsetenv("RB_TRACEFS");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto out = dir.path() / "out";
  for (const auto& line : read_sample_lines(out / "samples.jsonl")) {
    const auto s = nlohmann::json::parse(line);
    EXPECT_FALSE(s.at("counters").contains("sys.total")) << line;
    EXPECT_EQ(s.at("counters").at("reads"), 12) << line;
  }
  const auto summary = read_json(out / "summary.json");
  const auto& cell = cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "ok");
  EXPECT_TRUE(contains(cell.at("kernel_counts").at("unavailable").get<std::string>(),
                       "syscalls: no tracefs"))
      << cell.dump();
  std::ifstream md(out / "summary.md");
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(contains(text, "- unavailable: syscalls: no tracefs")) << text;
}

TEST(RunnerKernelCounts, TurnedOffTheCellCountsNothingAndSaysSo) {
  ScratchDir dir;
  ::setenv("RB_KERNEL_COUNTS", "off", 1);
  const auto result = run_runner(run_args(dir, "counts.toml", config(), RB_TEST_PLUGIN_DIR));
  ::unsetenv("RB_KERNEL_COUNTS");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto& cell = cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "ok");
  EXPECT_EQ(cell.at("kernel_counts").at("unavailable"), "RB_KERNEL_COUNTS=off");
  EXPECT_TRUE(cell.at("kernel_counts").at("per_event").empty());
  EXPECT_EQ(cell.at("metrics").at("dispatch_us").at("n"), 8);
}

}  // namespace
}  // namespace rbtest
