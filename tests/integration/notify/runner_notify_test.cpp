// The runner end to end on small notify matrices: every notify plugin hands over exactly
// 1..items with one and two producers, and a consumer that loses or duplicates an item, or
// omits the wakeups counter, fails its cell with the numbers.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>

#include "run_helpers.h"

namespace rbtest {
namespace {

std::string notify_config(const std::string& plugins, const std::string& matrix,
                          const std::string& extra = "", int repetitions = 2) {
  return matrix_config("notify", plugins, run_lines(repetitions, "60s"), matrix, extra);
}

std::vector<std::string> run_args(const ScratchDir& dir, const std::string& config) {
  return ::rbtest::run_args(dir, "notify.toml", config, RB_TEST_PLUGIN_DIR);
}

std::string reason_of(const ScratchDir& dir, const std::string& plugin) {
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  return cell_of(summary, plugin).at("reason").get<std::string>();
}

TEST(RunnerNotify, EveryMechanismHandsOverExactlyOneToN) {
  ScratchDir dir;
  const auto result = run_runner(run_args(
      dir,
      notify_config(R"("libevent2", "muduo", "epoll-add-always", "raw-epoll", "condvar-queue")",
                    "items = [20000]\nproducers = [1, 2]")));
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const auto out = dir.path() / "out";

  // 5 plugins x 2 producer counts, 2 measured samples each.
  const auto samples = rbtest::read_sample_lines(out / "samples.jsonl");
  EXPECT_EQ(samples.size(), 10u * 2u);
  for (const auto& line : samples) {
    const auto s = nlohmann::json::parse(line);
    const auto& counters = s.at("counters");
    ASSERT_TRUE(counters.contains("wakeups")) << line;
    // A consumer that never found its queue empty never slept: 0 wakeups is a legal count
    // (condvar-queue does that when the producer stays ahead); more than one per item is not.
    EXPECT_LE(counters.at("wakeups").get<std::uint64_t>(), 20001u) << line;
    EXPECT_TRUE(counters.contains("host_voluntary_cs")) << line;
    for (const char* metric : {"elapsed_ms", "items_per_s", "ns_per_item", "wakeups_per_item",
                               "cpu_user_ms", "cpu_sys_ms", "context_switches"})
      EXPECT_TRUE(s.at("metrics").contains(metric)) << metric << " in " << line;
  }

  const auto summary = read_json(out / "summary.json");
  ASSERT_EQ(summary.at("cells").size(), 10u);
  for (const auto& cell : summary.at("cells")) {
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_EQ(cell.at("metrics").at("items_per_s").at("n"), 2);
  }
  EXPECT_NE(result.out.find("items_per_s"), std::string::npos) << result.out;
}

TEST(RunnerNotify, BatchingVariantsAreVerifiedToo) {
  ScratchDir dir;
  const auto result = run_runner(run_args(
      dir,
      notify_config(R"("libevent2", "muduo", "raw-epoll", "condvar-queue")",
                    "items = [5000]\nproducers = [2]",
                    "[plugin_options.libevent2]\nwakeup = \"eventfd\"\ndrain = \"all\"\n"
                    "[plugin_options.muduo]\npost = \"coalesced\"\n"
                    "[plugin_options.raw-epoll]\nwake = \"when_empty\"\n"
                    "[plugin_options.condvar-queue]\nnotify = \"broadcast\"\nbatch = true\n")));
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  for (const auto& cell : summary.at("cells")) EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
}

// A run of these plugins, with these [plugin_options] sections, that fails (exit code 1).
void run_failing(const ScratchDir& dir, const std::string& plugins, const std::string& matrix,
                 const std::string& plugin_options) {
  const auto result = run_runner(run_args(dir, notify_config(plugins, matrix, plugin_options)));
  EXPECT_EQ(result.exit_code, 1) << result.err;
}

TEST(RunnerNotify, LostItemFailsTheCellWithExpectedAndGot) {
  ScratchDir dir;
  run_failing(dir, R"("notify-faulty", "condvar-queue")", "items = [1000]",
              "[plugin_options.notify-faulty]\nlose_every = \"400\"\n");
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  EXPECT_EQ(cell_of(summary, "notify-faulty").at("status"), "failed");
  EXPECT_EQ(cell_of(summary, "condvar-queue").at("status"), "ok");
  // Items 400 and 800 lost: 998 items summing to 500500 - 1200.
  EXPECT_EQ(reason_of(dir, "notify-faulty"),
            "iteration 0: expected count 1000 and sum 500500 (each of 1..1000 exactly once), got "
            "count 998 and sum 499300");
}

// notify-faulty alone over `matrix` with this fault: the run fails; the cell's reason.
std::string reason_with_fault(const std::string& matrix, const std::string& fault) {
  ScratchDir dir;
  run_failing(dir, R"("notify-faulty")", matrix, "[plugin_options.notify-faulty]\n" + fault);
  return reason_of(dir, "notify-faulty");
}

TEST(RunnerNotify, DuplicatedItemFailsTheCellWithExpectedAndGot) {
  EXPECT_EQ(reason_with_fault("items = [100]", "duplicate_every = \"100\""),
            "iteration 0: expected count 100 and sum 5050 (each of 1..100 exactly once), got "
            "count 101 and sum 5150");
}

TEST(RunnerNotify, MissingWakeupsCounterFailsTheCell) {
  EXPECT_EQ(reason_with_fault("items = [10]", "omit_wakeups = \"1\""),
            "plugin did not report the required counter 'wakeups'");
}

// condvar-queue declares its options (ABI 1.3): a misspelt one is a config error at its key,
// with the nearest declared name, before anything runs.
TEST(RunnerNotify, UnknownPluginOptionIsRefusedAtLoadWithASuggestion) {
  ScratchDir dir;
  const auto result = run_runner(
      run_args(dir, notify_config(R"("condvar-queue", "raw-epoll")", "items = [10]",
                                  "[plugin_options.condvar-queue]\nnotfy = \"signal\"\n")));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("plugin 'condvar-queue' has no option 'notfy'; did you mean 'notify'?"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find(".toml:"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out" / "summary.json"));
}

TEST(RunnerNotify, UnavailableCpuIsSkippedWithTheReason) {
  ScratchDir dir;
  const auto result = run_runner(
      run_args(dir, notify_config(R"("raw-epoll")", "items = [10]\nconsumer_cpu = [1023]")));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto& cell = cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "skipped");
  EXPECT_NE(cell.at("reason").get<std::string>().find("consumer_cpu = 1023"), std::string::npos)
      << cell.dump();
}

TEST(RunnerNotify, PinnedProducersAndConsumerStillVerify) {
  ScratchDir dir;
  const auto result = run_runner(run_args(
      dir,
      notify_config(R"("libevent2", "condvar-queue")",
                    "items = [3000]\nproducers = [2]\nproducer_cpu = [0]\nconsumer_cpu = [0]")));
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  for (const auto& cell : summary.at("cells")) EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
}

TEST(RunnerNotify, ShippedConfigsAreValid) {
  for (const char* config :
       {"notify.toml", "notify-batched.toml", "notify-long.toml", "seed004.toml"}) {
    const ScratchDir dir;
    const auto result = run_runner({"run", std::string(RB_SOURCE_DIR) + "/configs/" + config,
                                    "--set", "items=2000", "--out", (dir.path() / "out").string()});
    EXPECT_EQ(result.exit_code, 0) << config << "\n" << result.out << result.err;
  }
}

}  // namespace
}  // namespace rbtest
