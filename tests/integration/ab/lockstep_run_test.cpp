// [run] pairing = "iterations" with the real runner (issue 30, part 2): a point's plugins run
// in one process, turn by turn, so their measured iterations alternate in samples.jsonl; an
// A/A of one .so loads it twice (a private copy), and compare judges the iteration pairs.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <set>

#include "run_helpers.h"

namespace {

using rbtest::cell_of;
using rbtest::read_json;
using rbtest::run_runner;
using rbtest::ScratchDir;

constexpr int kLockstepRounds = 3;
constexpr int kLockstepRepetitions = 4;

std::string lockstep_config(const std::string& pairing) {
  return fmt::format(R"(workload = "flower"
plugins = ["raw-epoll", "raw-epoll@aa"]

[run]
repetitions = {}
warmup = 1
rounds = {}
timeout = "20s"
pairing = "{}"

[matrix]
pipes = [10, 20]
active = [2]
writes = [10]

[variants."raw-epoll@aa"]
plugin = "raw-epoll"
)",
                     kLockstepRepetitions, kLockstepRounds, pairing);
}

TEST(LockstepRun, APointsPluginsTakeTurnsInOneProcess) {
  ScratchDir dir;
  const auto config = dir.write("aa.toml", lockstep_config("iterations"));
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;

  const auto summary = read_json(out / "summary.json");
  for (int pipes : {10, 20})
    for (const char* plugin : {"raw-epoll", "raw-epoll@aa"}) {
      const auto& cell = cell_of(summary, plugin, pipes);
      EXPECT_EQ(cell.at("status"), "ok") << cell.at("reason");
      EXPECT_EQ(cell.at("rounds_in_lockstep"), kLockstepRounds);
      EXPECT_EQ(cell.at("metrics").at("dispatch_us").at("n"),
                kLockstepRounds * kLockstepRepetitions);
    }

  // Measured samples, in the order they were written: per point and round, iteration i of
  // both cells before iteration i + 1 of either.
  std::vector<std::pair<std::size_t, int>> written;  // (cell, iteration)
  for (const auto& line : rbtest::read_lines(out / "samples.jsonl")) {
    const auto sample = nlohmann::json::parse(line);
    if (sample.contains("event")) continue;
    written.emplace_back(sample.at("cell").get<std::size_t>(), sample.at("iteration").get<int>());
  }
  ASSERT_EQ(written.size(), 2u * 2u * kLockstepRounds * kLockstepRepetitions);
  for (std::size_t i = 0; i < written.size(); i += 2) {
    EXPECT_EQ(written[i].second, written[i + 1].second) << "sample " << i;
    EXPECT_NE(written[i].first, written[i + 1].first) << "sample " << i;
    EXPECT_EQ(written[i].first / 2, written[i + 1].first / 2) << "one point's cells";
  }

  const auto compared = run_runner({"compare", "--plugins", "raw-epoll,raw-epoll@aa", out.string(),
                                    "--format", "json", "--allow-disturbed"});
  ASSERT_NE(compared.exit_code, 2) << compared.err;
  const auto json = nlohmann::json::parse(compared.out);
  ASSERT_EQ(json.at("cells").size(), 2u * 2u);
  for (const auto& row : json.at("cells")) {
    EXPECT_EQ(row.at("pairing").at("unit"), "iterations");
    EXPECT_EQ(row.at("pairing").at("pairs"), kLockstepRounds);
    EXPECT_EQ(row.at("pairing").at("iteration_pairs"), kLockstepRounds * kLockstepRepetitions);
  }
}

// Under a descriptor limit of 400, a point of three plugins at 60 pipes (3 x (2 x 60 + 32) =
// 456 descriptors) does not fit in one process; raw-epoll with raw-epoll@aa (304) does, and
// libevent2 runs alone.
TEST(LockstepRun, APointTooLargeForOneProcessPairsEachPluginWithItsVariants) {
  ScratchDir dir;
  std::string text = lockstep_config("iterations");
  text.replace(text.find("plugins = [\"raw-epoll\", \"raw-epoll@aa\"]"),
               std::string("plugins = [\"raw-epoll\", \"raw-epoll@aa\"]").size(),
               "plugins = [\"raw-epoll\", \"raw-epoll@aa\", \"libevent2\"]");
  text.replace(text.find("pipes = [10, 20]"), std::string("pipes = [10, 20]").size(),
               "pipes = [60]");
  const auto config = dir.write("big.toml", text);
  const auto out = dir.path() / "out";
  const auto result = rbtest::run_program(
      "/usr/bin/prlimit", {"--nofile=400:400", RB_RUNNER_EXE, "run", config.string(), "--out",
                           out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(out / "summary.json");
  EXPECT_EQ(cell_of(summary, "raw-epoll", 60).at("rounds_in_lockstep"), kLockstepRounds);
  EXPECT_EQ(cell_of(summary, "raw-epoll@aa", 60).at("rounds_in_lockstep"), kLockstepRounds);
  EXPECT_EQ(cell_of(summary, "libevent2", 60).at("status"), "ok");
  EXPECT_FALSE(cell_of(summary, "libevent2", 60).contains("rounds_in_lockstep"));
}

TEST(LockstepRun, PairingByRoundsRunsEachCellAlone) {
  ScratchDir dir;
  const auto config = dir.write("aa.toml", lockstep_config("rounds"));
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(out / "summary.json");
  for (const auto& cell : summary.at("cells")) EXPECT_FALSE(cell.contains("rounds_in_lockstep"));
  const auto compared = run_runner({"compare", "--plugins", "raw-epoll,raw-epoll@aa", out.string(),
                                    "--format", "json", "--allow-disturbed"});
  ASSERT_NE(compared.exit_code, 2) << compared.err;
  for (const auto& row : nlohmann::json::parse(compared.out).at("cells"))
    EXPECT_EQ(row.at("pairing").at("unit"), "rounds");
}

// A plan with variants and no [run] pairing pairs by iterations (TestPlan::effective_pairing),
// and --dry-run says so and why.
TEST(LockstepRun, VariantsPairByIterationsByDefault) {
  ScratchDir dir;
  std::string text = lockstep_config("iterations");
  text.erase(text.find("pairing = \"iterations\"\n"),
             std::string("pairing = \"iterations\"\n").size());
  const auto config = dir.write("default.toml", text);
  const auto dry = run_runner({"run", config.string(), "--dry-run"});
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_NE(dry.out.find("pairing: iterations (default with variants"), std::string::npos)
      << dry.out;
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(cell_of(read_json(out / "summary.json"), "raw-epoll", 10).at("rounds_in_lockstep"),
            kLockstepRounds);
}

TEST(LockstepRun, AnUnknownPairingIsAConfigErrorWithItsPlace) {
  ScratchDir dir;
  const auto config = dir.write("bad.toml", lockstep_config("iteration"));
  const auto result = run_runner({"run", config.string(), "--out", (dir.path() / "o").string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(
      result.err.find(config.string() + ":9:11: pairing 'iteration': expected "
                                        "\"rounds\", \"iterations\" or \"duet\"; did you mean "
                                        "'iterations'?"),
      std::string::npos)
      << result.err;
}

}  // namespace

// [run] pairing = "duet": the point's two builds at the same time, each on a CPU of its own;
// compare pairs them by round and says so.
TEST(DuetRun, APointsTwoSidesRunAtOnceAndArePairedByRound) {
  ScratchDir dir;
  std::string text = lockstep_config("duet");
  const auto config = dir.write("duet.toml", text);
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summary = read_json(out / "summary.json");
  for (int pipes : {10, 20})
    for (const char* plugin : {"raw-epoll", "raw-epoll@aa"}) {
      const auto& cell = cell_of(summary, plugin, pipes);
      EXPECT_EQ(cell.at("status"), "ok") << cell.at("reason");
      EXPECT_EQ(cell.at("rounds_in_duet"), kLockstepRounds);
      EXPECT_FALSE(cell.contains("rounds_in_lockstep"));
      EXPECT_EQ(cell.at("metrics").at("dispatch_us").at("n"),
                kLockstepRounds * kLockstepRepetitions);
    }
  const auto compared = run_runner({"compare", "--plugins", "raw-epoll,raw-epoll@aa", out.string(),
                                    "--format", "json", "--allow-disturbed"});
  ASSERT_NE(compared.exit_code, 2) << compared.err;
  const auto json = nlohmann::json::parse(compared.out);
  ASSERT_EQ(json.at("cells").size(), 2u * 2u);
  for (const auto& row : json.at("cells")) {
    EXPECT_EQ(row.at("pairing").at("unit"), "duet");
    EXPECT_EQ(row.at("pairing").at("pairs"), kLockstepRounds);
  }
}
