// A variant by path runs another build of a plugin interleaved with the installed one: here
// a copy of the built raw-epoll .so in a scratch directory. Its cells load (and record) the
// copy; the order of each round is the seeded shuffle the run records.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <filesystem>

#include "exec/round_order.h"
#include "run_helpers.h"

namespace {

using rbtest::cell_of;
using rbtest::read_json;
using rbtest::run_runner;
using rbtest::ScratchDir;

constexpr int kRounds = 3;

std::string ab_config(const std::string& variant_lines) {
  return fmt::format(R"(workload = "flower"
plugins = ["raw-epoll", "raw-epoll@copy"]

[run]
repetitions = 2
warmup = 1
rounds = {}
order_seed = 7
timeout = "20s"
pairing = "rounds"

[matrix]
pipes = [10, 20]
active = [2]
writes = [10]

[variants."raw-epoll@copy"]
{})",
                     kRounds, variant_lines);
}

std::string canonical(const std::string& path) {
  return std::filesystem::weakly_canonical(path).string();
}

TEST(VariantPathRun, TheCopyRunsInterleavedAndItsCellsRecordTheCopy) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.path() / "other-build");
  const auto copy = dir.path() / "other-build" / "raw_epoll.so";
  std::filesystem::copy_file(RB_RAW_EPOLL_SO, copy);
  // Relative to the config's directory, not to the runner's working directory.
  const auto config = dir.write("ab.toml", ab_config("path = \"other-build/raw_epoll.so\"\n"));
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;

  const auto summary = read_json(out / "summary.json");
  EXPECT_EQ(summary.at("context").at("order_seed"), 7);
  for (int pipes : {10, 20}) {
    const auto& plain = cell_of(summary, "raw-epoll", pipes);
    const auto& copied = cell_of(summary, "raw-epoll@copy", pipes);
    EXPECT_EQ(plain.at("status"), "ok");
    EXPECT_EQ(copied.at("status"), "ok") << copied.at("reason");
    EXPECT_EQ(copied.at("base_plugin"), "raw-epoll");
    EXPECT_EQ(copied.at("plugin_file"), copy.string());
    EXPECT_EQ(canonical(copied.at("provenance").at("path")), canonical(copy.string()));
    EXPECT_EQ(canonical(plain.at("provenance").at("path")), canonical(RB_RAW_EPOLL_SO));
    // The same bytes in two places: one sha256.
    EXPECT_EQ(copied.at("provenance").at("sha256"), plain.at("provenance").at("sha256"));
    EXPECT_EQ(copied.at("metrics").at("dispatch_us").at("n"), kRounds * 2);
  }
  std::string md;
  for (const auto& line : rbtest::read_lines(out / "summary.md")) md += line + "\n";
  EXPECT_NE(md.find("- **Order seed:** 7"), std::string::npos) << md;
  EXPECT_NE(md.find("`raw-epoll@copy` = `raw-epoll` from `" + copy.string() + "`"),
            std::string::npos)
      << md;

  // compare --plugins takes the two builds' cells of one run (a verdict or not: any of
  // compare's answers but an error).
  const auto compared = run_runner(
      {"compare", "--plugins", "raw-epoll,raw-epoll@copy", out.string(), "--format", "json"});
  EXPECT_NE(compared.exit_code, 2) << compared.err;
  EXPECT_EQ(nlohmann::json::parse(compared.out).at("cells").size(), 2u * 2u);  // 2 metrics
}

// Rounds run point by point with the plugins of each point in the order round_order gives
// for the recorded seed: samples.jsonl, written as the cells finish, shows it.
TEST(VariantPathRun, EachRoundRunsInTheSeededOrder) {
  ScratchDir dir;
  std::filesystem::copy_file(RB_RAW_EPOLL_SO, dir.path() / "raw_epoll.so");
  const auto config = dir.write("ab.toml", ab_config("path = \"raw_epoll.so\"\n"));
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;

  std::vector<std::size_t> ran;  // cell indices, once per cell-round, in the order they ran
  for (const auto& line : rbtest::read_lines(out / "samples.jsonl")) {
    const auto sample = nlohmann::json::parse(line);
    if (sample.contains("event")) continue;  // a round's record, not a sample
    const std::size_t cell = sample.at("cell").get<std::size_t>();
    if (ran.empty() || ran.back() != cell) ran.push_back(cell);
  }
  std::vector<std::size_t> expected;
  for (int round = 0; round < kRounds; ++round)
    for (std::size_t cell : rb::exec::round_order(4, 2, 7, round)) expected.push_back(cell);
  EXPECT_EQ(ran, expected);
}

TEST(VariantPathRun, AMissingFileOrNotAPluginIsAConfigError) {
  ScratchDir dir;
  const auto missing = dir.write("missing.toml", ab_config("path = \"nowhere/raw_epoll.so\"\n"));
  auto result = run_runner({"run", missing.string(), "--out", (dir.path() / "o1").string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find(missing.string() + ":18:8: [variants.raw-epoll@copy] path: " +
                            (dir.path() / "nowhere" / "raw_epoll.so").string()),
            std::string::npos)
      << result.err;

  dir.write("fake.so", "not an ELF file\n");
  const auto fake = dir.write("fake.toml", ab_config("path = \"fake.so\"\n"));
  result = run_runner({"run", fake.string(), "--out", (dir.path() / "o2").string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find(fake.string() + ":18:8: [variants.raw-epoll@copy] path: " +
                            (dir.path() / "fake.so").string() + ": "),
            std::string::npos)
      << result.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "o2" / "summary.json"));
}

// The same safety rule as the search path's plugins: a world-writable file is refused.
TEST(VariantPathRun, AnUnsafeFileIsRefused) {
  ScratchDir dir;
  const auto copy = dir.path() / "raw_epoll.so";
  std::filesystem::copy_file(RB_RAW_EPOLL_SO, copy);
  std::filesystem::permissions(copy, std::filesystem::perms::others_write,
                               std::filesystem::perm_options::add);
  const auto config = dir.write("unsafe.toml", ab_config("path = \"raw_epoll.so\"\n"));
  const auto result = run_runner({"run", config.string(), "--out", (dir.path() / "o").string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find(config.string() + ":18:8: [variants.raw-epoll@copy] path: "),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("writable"), std::string::npos) << result.err;
}

}  // namespace
