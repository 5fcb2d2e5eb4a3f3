// The machine's warnings before a run: what is read from /sys and /proc, and what is said.
#include "proc/machine_warnings.h"

#include <gtest/gtest.h>

#include <fstream>

#include "../../support/scratch_dir.h"

namespace rb::proc {
namespace {

void write(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text << '\n';
}

MachineState quiet() {
  MachineState state;
  state.build_type = "Release";
  state.governors = {{1, "performance"}};
  state.turbo = false;
  state.busy_siblings = {{1, {{3, 0.02}}}};
  state.load_average = 0.4;
  state.online_cpus = 2;
  state.transparent_hugepages = "madvise";
  return state;
}

bool mentions(const std::vector<std::string>& warnings, const std::string& text) {
  for (const auto& warning : warnings)
    if (warning.find(text) != std::string::npos) return true;
  return false;
}

TEST(CpuList, ReadsRangesAndSingles) {
  EXPECT_EQ(parse_cpu_list("0-3,8,10-11"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpu_list("5"), (std::vector<int>{5}));
  EXPECT_EQ(parse_cpu_list("x,2"), (std::vector<int>{2}));
}

TEST(MachineWarnings, AQuietTunedMachineHasNone) {
  EXPECT_TRUE(measurement_warnings(quiet()).empty());
}

TEST(MachineWarnings, EachConditionIsSaidOnce) {
  MachineState state = quiet();
  state.build_type = "Debug";
  state.governors = {{1, "powersave"}, {2, "performance"}};
  state.turbo = true;
  state.busy_siblings = {{1, {{3, 0.75}}}};
  state.load_average = 1.5;
  state.transparent_hugepages = "always";
  const auto warnings = measurement_warnings(state);
  ASSERT_EQ(warnings.size(), 6u) << ::testing::PrintToString(warnings);
  EXPECT_TRUE(mentions(warnings, "the runner is a Debug build"));
  EXPECT_TRUE(mentions(warnings, "cpu 1: frequency governor 'powersave', not 'performance'"));
  EXPECT_TRUE(mentions(warnings, "turbo/boost is on"));
  EXPECT_TRUE(mentions(warnings, "cpu 1: its SMT sibling is busy (cpu 3 75% busy)"));
  EXPECT_TRUE(mentions(warnings, "load average 1.50 on 2 CPU(s), above 0.5 per CPU"));
  EXPECT_TRUE(mentions(warnings, "transparent huge pages are 'always'"));
}

TEST(MachineWarnings, UnknownFactsWarnOfNothing) {
  MachineState state = quiet();
  state.governors.clear();  // a VM without cpufreq
  state.turbo.reset();
  state.busy_siblings.clear();
  state.transparent_hugepages.clear();
  EXPECT_TRUE(measurement_warnings(state).empty());
}

TEST(MachineState, IsReadFromSysAndProc) {
  rbtest::ScratchDir dir;
  const MachineFiles files{dir.path() / "sys", dir.path() / "proc"};
  write(files.sys / "devices/system/cpu/cpu0/cpufreq/scaling_governor", "schedutil");
  write(files.sys / "devices/system/cpu/intel_pstate/no_turbo", "0");
  write(files.sys / "kernel/mm/transparent_hugepage/enabled", "[always] madvise never");
  write(files.proc / "loadavg", "3.10 2.00 1.00 1/100 123");
  const MachineState state = read_machine_state("Release", {0}, 0, files);
  EXPECT_EQ(state.governors, (std::map<int, std::string>{{0, "schedutil"}}));
  EXPECT_EQ(state.turbo, std::optional<bool>(true));
  EXPECT_EQ(state.transparent_hugepages, "always");
  EXPECT_DOUBLE_EQ(state.load_average, 3.10);
  EXPECT_TRUE(state.busy_siblings.empty());  // no topology files: no sibling known
}

TEST(MachineState, BoostStandsInForIntelPstate) {
  rbtest::ScratchDir dir;
  const MachineFiles files{dir.path() / "sys", dir.path() / "proc"};
  write(files.sys / "devices/system/cpu/cpufreq/boost", "0");
  EXPECT_EQ(read_machine_state("Release", {0}, 0, files).turbo, std::optional<bool>(false));
}

}  // namespace
}  // namespace rb::proc
