// Plugins that load fine and then misbehave (tests/bad_plugins/runtime/): each runs in a
// matrix next to raw-epoll. The user sees the bad cell's status and reason; the good cell
// still runs, and every results file is written with what finished.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "containment_support.h"

namespace rbtest {
namespace {

MatrixRun run_with(const ScratchDir& dir, const std::string& bad, int repetitions = 4,
                   const std::string& timeout = "20s") {
  return run_matrix(dir, two_plugin_config(bad, repetitions, timeout),
                    {"--plugin-path", runtime_bad_plugins().string()});
}

std::string reason_of(const MatrixRun& run, const std::string& plugin) {
  return cell_of(run.summary, plugin).at("reason").get<std::string>();
}

TEST(RuntimeFailures, SegfaultInArmIsACrashAndKeepsTheSampleBeforeIt) {
  ScratchDir dir;
  const auto run = run_with(dir, "segv-in-arm");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "segv-in-arm").at("status"), "crashed");
  EXPECT_NE(reason_of(run, "segv-in-arm").find("killed by signal 11"), std::string::npos)
      << reason_of(run, "segv-in-arm");
  EXPECT_EQ(samples_of(run, "segv-in-arm"), 1);  // warm-up, one measured, then the crash
  expect_good_plugin_completed(run);
  EXPECT_NE(run.output.out.find("crashed"), std::string::npos) << run.output.out;
}

TEST(RuntimeFailures, AbortInDispatchIsACrash) {
  ScratchDir dir;
  const auto run = run_with(dir, "abort-in-dispatch");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "abort-in-dispatch").at("status"), "crashed");
  EXPECT_NE(reason_of(run, "abort-in-dispatch").find("killed by signal 6"), std::string::npos)
      << reason_of(run, "abort-in-dispatch");
  EXPECT_EQ(samples_of(run, "abort-in-dispatch"), 1);
  expect_good_plugin_completed(run);
}

TEST(RuntimeFailures, InfiniteLoopInDispatchTimesOutAndIsKilled) {
  ScratchDir dir;
  const auto run = run_with(dir, "spin-in-dispatch", 4, "1s");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "spin-in-dispatch").at("status"), "timeout");
  EXPECT_NE(reason_of(run, "spin-in-dispatch").find("no result within the timeout of 1000 ms"),
            std::string::npos)
      << reason_of(run, "spin-in-dispatch");
  expect_good_plugin_completed(run);
}

TEST(RuntimeFailures, WrongCountsFailTheCellWithExpectedAndGot) {
  ScratchDir dir;
  const auto run = run_with(dir, "wrong-counts");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "wrong-counts").at("status"), "failed");
  const std::string reason = reason_of(run, "wrong-counts");
  EXPECT_NE(reason.find("expected 14 reads and 10 writes"), std::string::npos) << reason;
  EXPECT_NE(reason.find("got 13 reads and 10 writes"), std::string::npos) << reason;
  EXPECT_EQ(samples_of(run, "wrong-counts"), 0);  // the first measured iteration is the bad one
  expect_good_plugin_completed(run);
}

TEST(RuntimeFailures, ExitZeroInDispatchIsNotASuccess) {
  ScratchDir dir;
  const auto run = run_with(dir, "exit-in-dispatch");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "exit-in-dispatch").at("status"), "failed");
  EXPECT_NE(reason_of(run, "exit-in-dispatch").find("exited with status 0 before finishing"),
            std::string::npos)
      << reason_of(run, "exit-in-dispatch");
  EXPECT_EQ(samples_of(run, "exit-in-dispatch"), 1);
  expect_good_plugin_completed(run);
}

// Each cell is a process of its own, so a leak dies with it: the run is unaffected, and
// `runner validate` is where the leak shows (validate_test.cpp).
TEST(RuntimeFailures, FdLeakStaysInsideTheCellsProcess) {
  ScratchDir dir;
  const auto run = run_with(dir, "fd-leak", 10);
  EXPECT_EQ(run.output.exit_code, 0) << run.output.err;
  EXPECT_EQ(cell_of(run.summary, "fd-leak").at("status"), "ok");
  EXPECT_EQ(samples_of(run, "fd-leak"), 10);
  expect_good_plugin_completed(run, 10);
}

std::string all_logs(const std::filesystem::path& logs) {
  std::string text;
  for (const auto& entry : std::filesystem::directory_iterator(logs)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream content;
    content << in.rdbuf();
    text += content.str();
  }
  return text;
}

TEST(RuntimeFailures, GarbageOnStdoutAndStderrGoesToTheLogNotTheSampleStream) {
  ScratchDir dir;
  const auto run = run_with(dir, "noisy-output");
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "noisy-output").at("status"), "ok");
  // Every line of samples.jsonl parsed (run_matrix throws otherwise) and is a real sample
  // with the verified counts; none of the plugin's fake report lines got in.
  EXPECT_EQ(run.lines.size(), 8u);
  for (const auto& line : run.lines) {
    EXPECT_FALSE(line.contains("event")) << line.dump();
    EXPECT_EQ(line.at("counters").at("reads"), 14) << line.dump();
    EXPECT_NE(line.at("iteration"), 99) << line.dump();
  }
  EXPECT_EQ(samples_of(run, "noisy-output"), 4);
  expect_good_plugin_completed(run);
  // The garbage is kept where the user can read it, and only there.
  const std::string logs = all_logs(run.out / "logs");
  EXPECT_NE(logs.find("NOISY-PLUGIN fake failure in dispatch"), std::string::npos);
  EXPECT_NE(logs.find("NOISY-PLUGIN release"), std::string::npos);
  EXPECT_EQ(run.output.out.find("NOISY-PLUGIN"), std::string::npos) << run.output.out;
  EXPECT_EQ(run.output.err.find("NOISY-PLUGIN"), std::string::npos) << run.output.err;
}

// A peer that went away mid-write is an error the plugin handles, never a dead cell.
TEST(RuntimeFailures, AWriteToAGonePeerIsEpipeNotAKilledCell) {
  ScratchDir dir;
  const auto run = run_with(dir, "write-to-gone-peer");
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err << run.output.out;
  const auto& cell = cell_of(run.summary, "write-to-gone-peer");
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  EXPECT_EQ(samples_of(run, "write-to-gone-peer"), 4);
  expect_good_plugin_completed(run);
}

TEST(RuntimeFailures, PluginBuiltAgainstAbi10WithTheSmallerDescriptorLoadsAndWorks) {
  ScratchDir dir;
  const auto run = run_with(dir, "abi-1-0");
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err;
  const auto& cell = cell_of(run.summary, "abi-1-0");
  EXPECT_EQ(cell.at("status"), "ok");
  EXPECT_EQ(cell.at("provenance").at("abi_version"), 0x10000);  // 1.0
  EXPECT_EQ(samples_of(run, "abi-1-0"), 4);
  expect_good_plugin_completed(run);

  const auto listed =
      run_runner({"plugins", "--json", "--plugin-path", runtime_bad_plugins().string()});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  bool found = false;
  const auto listing = nlohmann::json::parse(listed.out);
  for (const auto& plugin : listing.at("plugins")) {
    if (plugin.at("name") != "abi-1-0") continue;
    found = true;
    EXPECT_EQ(plugin.at("abi"), "1.0");
    EXPECT_EQ(plugin.at("workloads"), nlohmann::json::array({"flower"}));
  }
  EXPECT_TRUE(found) << listed.out;
}

}  // namespace
}  // namespace rbtest
