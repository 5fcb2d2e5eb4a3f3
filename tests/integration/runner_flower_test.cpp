// The runner end to end on tiny flower matrices: results verified and written, and a
// plugin's crash, hang or miscount recorded as that cell's status without losing the rest.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <algorithm>
#include <sstream>

#include "run_helpers.h"

namespace rbtest {
namespace {

std::string flower_config(const std::string& plugins, const std::string& matrix,
                          int repetitions = 4, const std::string& extra = "") {
  return matrix_config("flower", plugins, run_lines(repetitions, "20s"), matrix, extra);
}

std::vector<std::string> run_args(const ScratchDir& dir, const std::string& config) {
  return ::rbtest::run_args(dir, "test.toml", config, RB_TEST_PLUGIN_DIR);
}

TEST(RunnerFlower, BothPluginsVerifiedAndEveryFileWritten) {
  ScratchDir dir;
  const auto result =
      run_runner(run_args(dir, flower_config(R"("libevent2", "raw-epoll")",
                                             "pipes = [10, 50]\nactive = [5]\nwrites = "
                                             "[20]\ntransport = [\"socketpair\", \"pipe\"]")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto out = dir.path() / "out";
  for (const char* file : {"summary.json", "summary.csv", "summary.md", "config.toml"})
    EXPECT_TRUE(std::filesystem::exists(out / file)) << file;

  // 2 pipes x 2 transports x 2 plugins cells, 4 measured samples each.
  const auto samples = rbtest::read_sample_lines(out / "samples.jsonl");
  EXPECT_EQ(samples.size(), 8u * 4u);
  for (const auto& line : samples) {
    const auto s = nlohmann::json::parse(line);
    EXPECT_FALSE(s.at("warmup").get<bool>());
    EXPECT_EQ(s.at("counters").at("reads"), 25);
  }

  const auto summary = read_json(out / "summary.json");
  ASSERT_EQ(summary.at("cells").size(), 8u);
  for (const auto& cell : summary.at("cells")) {
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_EQ(cell.at("counters").at("reads"), 25);
    EXPECT_EQ(cell.at("metrics").at("dispatch_us").at("n"), 4);
    EXPECT_EQ(cell.at("provenance").at("sha256").get<std::string>().size(), 64u);
  }
  EXPECT_TRUE(summary.at("context").contains("kernel"));
  EXPECT_NE(result.out.find("results: "), std::string::npos);
}

// raw-epoll over `matrix`: a run that succeeds with its one cell skipped for `reason_part`.
void expect_only_cell_skipped(const std::string& matrix, const std::string& reason_part) {
  ScratchDir dir;
  const auto result = run_runner(run_args(dir, flower_config(R"("raw-epoll")", matrix)));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto& cell = summary.at("cells").at(0);
  EXPECT_EQ(cell.at("status"), "skipped");
  EXPECT_NE(cell.at("reason").get<std::string>().find(reason_part), std::string::npos);
}

TEST(RunnerFlower, ImpossibleCellIsSkippedWithTheReason) {
  expect_only_cell_skipped("pipes = [10]\nactive = [20]", "active (20) > pipes (10)");
}

TEST(RunnerFlower, CellNeedingMoreFdsThanTheHardLimitIsSkipped) {
  expect_only_cell_skipped("pipes = [500000]\nactive = [1]", "needs 1000032 file descriptors");
}

TEST(RunnerFlower, ChildKilledMidRunKeepsItsFinishedSamplesAndTheRestRuns) {
  ScratchDir dir;
  // Iteration 0 is warm-up, 1 and 2 are measured, the child dies at the start of 3.
  const auto result = run_runner(
      run_args(dir, flower_config(R"("flower-faulty", "raw-epoll")", "pipes = [20]\nactive = [4]",
                                  6, "[plugin_options.flower-faulty]\ncrash_at = \"3\"\n")));
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto out = dir.path() / "out";
  const auto lines = read_lines(out / "samples.jsonl");
  const auto faulty_samples = std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
    const auto j = nlohmann::json::parse(l);
    return j.value("plugin", "") == "flower-faulty" && j.contains("metrics");
  });
  EXPECT_EQ(faulty_samples, 2);

  const auto summary = read_json(out / "summary.json");
  const auto& faulty = cell_of(summary, "flower-faulty");
  EXPECT_EQ(faulty.at("status"), "crashed");
  EXPECT_NE(faulty.at("reason").get<std::string>().find("signal 9"), std::string::npos);
  EXPECT_EQ(cell_of(summary, "raw-epoll").at("status"), "ok");
}

TEST(RunnerFlower, WrongCountsFailTheCellWithExpectedAndGot) {
  ScratchDir dir;
  const auto result = run_runner(
      run_args(dir, flower_config(R"("flower-faulty")", "pipes = [20]\nactive = [4]\nwrites = [10]",
                                  3, "[plugin_options.flower-faulty]\nextra_reads = \"1\"\n")));
  EXPECT_EQ(result.exit_code, 1);
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto& cell = summary.at("cells").at(0);
  EXPECT_EQ(cell.at("status"), "failed");
  EXPECT_NE(cell.at("reason").get<std::string>().find("expected 14 reads and 10 writes"),
            std::string::npos)
      << cell.at("reason");
  EXPECT_NE(cell.at("reason").get<std::string>().find("got 15 reads"), std::string::npos);
}

TEST(RunnerFlower, HangingPluginTimesOutAndIsKilled) {
  ScratchDir dir;
  std::string config =
      flower_config(R"("flower-faulty", "raw-epoll")", "pipes = [20]\nactive = [4]", 3,
                    "[plugin_options.flower-faulty]\nhang_at = \"1\"\n");
  config.replace(config.find("\"20s\""), 5, "\"1s\"");
  const auto result = run_runner(run_args(dir, config));
  EXPECT_EQ(result.exit_code, 1);
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  EXPECT_EQ(cell_of(summary, "flower-faulty").at("status"), "timeout");
  EXPECT_EQ(cell_of(summary, "raw-epoll").at("status"), "ok");
}

TEST(RunnerFlower, ConfigErrorIsOneLineWithPositionAndExitTwo) {
  ScratchDir dir;
  const auto result =
      run_runner(run_args(dir, flower_config(R"("raw-epoll")", "pipes = [10]\nactive = [true]")));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("test.toml:12:"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out" / "summary.json"));
}

TEST(RunnerPlugins, ListsOurPluginsWithVersions) {
  const auto result = run_runner({"plugins"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* name : {"libevent2", "raw-epoll"})
    EXPECT_NE(result.out.find(name), std::string::npos) << name;
  EXPECT_NE(result.out.find("libevent 2.1"), std::string::npos) << result.out;
}

// The muduo-style plugin is this project's reimplementation, not the muduo library: its name
// and its WRAPS column say so, and no plugin is listed as plain "muduo".
TEST(RunnerPlugins, TheMuduoStylePluginSaysItIsAReimplementation) {
  const auto result = run_runner({"plugins"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  std::string line;
  int muduo_style = 0;
  while (std::getline(lines, line)) {
    EXPECT_FALSE(line.starts_with("muduo ")) << line;
    if (!line.starts_with("muduo-style ")) continue;
    ++muduo_style;
    EXPECT_NE(line.find("reimplementation"), std::string::npos) << line;
  }
  EXPECT_EQ(muduo_style, 1) << result.out;
}

// Its old name still loads it: configs and histories that say "muduo" keep working.
TEST(RunnerFlower, TheOldNameMuduoStillLoadsTheMuduoStylePlugin) {
  ScratchDir dir;
  const auto result =
      run_runner(run_args(dir, flower_config(R"("muduo")", "pipes = [10]\nactive = [5]")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto& cell = cell_of(summary, "muduo");
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  EXPECT_EQ(cell.at("provenance").at("library"), "reimplementation") << cell.dump();
  EXPECT_TRUE(cell.at("provenance").at("path").get<std::string>().ends_with("/muduo.so"));
}

}  // namespace
}  // namespace rbtest
