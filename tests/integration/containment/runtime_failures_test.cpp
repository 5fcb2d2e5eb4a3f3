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

// Runs `bad` next to raw-epoll and expects the run to go on past its cell: exit code 1, every
// file written, that cell `status` with `reason_part` in its reason and `samples` measured
// samples (unless -1), the good plugin's cells complete. Returns the run for more checks.
MatrixRun expect_cell_failed(const std::string& bad, const std::string& status,
                             const std::string& reason_part, int samples, int repetitions = 4,
                             const std::string& timeout = "20s") {
  ScratchDir dir;
  MatrixRun run = run_with(dir, bad, repetitions, timeout);
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, bad).at("status"), status);
  EXPECT_NE(reason_of(run, bad).find(reason_part), std::string::npos) << reason_of(run, bad);
  if (samples >= 0) {
    EXPECT_EQ(samples_of(run, bad), samples);
  }
  expect_good_plugin_completed(run);
  return run;
}

// Warm-up, one measured sample, then the crash.
TEST(RuntimeFailures, SegfaultInArmIsACrashAndKeepsTheSampleBeforeIt) {
  const auto run = expect_cell_failed("segv-in-arm", "crashed", "killed by signal 11", 1);
  EXPECT_NE(run.output.out.find("crashed"), std::string::npos) << run.output.out;
}

// [run] pairing = "iterations": the crash takes the lockstep process down with raw-epoll in
// it; each member runs that round again alone, so the crash is the bad plugin's alone and
// raw-epoll's cell completes (issue 30, part 2).
TEST(RuntimeFailures, ASegfaultInALockstepProcessIsThePluginsAloneAndTheOtherGoesOn) {
  ScratchDir dir;
  std::string config = two_plugin_config("segv-in-arm");
  config.replace(config.find("[run]\n"), 6, "[run]\npairing = \"iterations\"\n");
  const MatrixRun run = run_matrix(dir, config, {"--plugin-path", runtime_bad_plugins().string()});
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_results_written(run);
  EXPECT_EQ(cell_of(run.summary, "segv-in-arm").at("status"), "crashed");
  EXPECT_NE(reason_of(run, "segv-in-arm").find("killed by signal 11"), std::string::npos)
      << reason_of(run, "segv-in-arm");
  const auto& good = cell_of(run.summary, "raw-epoll");
  EXPECT_EQ(good.at("status"), "ok") << good.dump();
  EXPECT_EQ(good.at("metrics").at("dispatch_us").at("n"), 4);
  EXPECT_FALSE(good.contains("rounds_in_lockstep"));  // its one round ran again, alone
  // samples.jsonl keeps the lockstep attempt's samples too, superseded by the later attempt's
  // (readers keep a cell-round's latest attempt: report/samples_reader.cpp).
  long latest = 0;
  for (const auto& line : run.lines)
    if (line.value("plugin", "") == "raw-epoll" && line.contains("metrics") &&
        line.value("attempt", 0) == 1)
      ++latest;
  EXPECT_EQ(latest, 4);
}

TEST(RuntimeFailures, AbortInDispatchIsACrash) {
  expect_cell_failed("abort-in-dispatch", "crashed", "killed by signal 6", 1);
}

TEST(RuntimeFailures, InfiniteLoopInDispatchTimesOutAndIsKilled) {
  expect_cell_failed("spin-in-dispatch", "timeout", "no result within the timeout of 1000 ms", -1,
                     4, "1s");
}

// The first measured iteration is the bad one: no sample.
TEST(RuntimeFailures, WrongCountsFailTheCellWithExpectedAndGot) {
  const auto run =
      expect_cell_failed("wrong-counts", "failed", "expected 14 reads and 10 writes", 0);
  const std::string reason = reason_of(run, "wrong-counts");
  EXPECT_NE(reason.find("got 13 reads and 10 writes"), std::string::npos) << reason;
}

TEST(RuntimeFailures, ExitZeroInDispatchIsNotASuccess) {
  expect_cell_failed("exit-in-dispatch", "failed", "exited with status 0 before finishing", 1);
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
  expect_ran_ok(run_with(dir, "write-to-gone-peer"), "write-to-gone-peer");
}

TEST(RuntimeFailures, PluginBuiltAgainstAbi10WithTheSmallerDescriptorLoadsAndWorks) {
  ScratchDir dir;
  const auto run = run_with(dir, "abi-1-0");
  expect_ran_ok(run, "abi-1-0");
  EXPECT_EQ(cell_of(run.summary, "abi-1-0").at("provenance").at("abi_version"), 0x10000);  // 1.0

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
