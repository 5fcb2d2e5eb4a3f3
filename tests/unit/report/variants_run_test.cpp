// Variants end to end: the real runner on a tiny notify matrix with two variants of
// condvar-queue next to the plugin itself. Each variant is a column of its own, loads its
// base plugin, and its merged options reach the plugin and are recorded with its cells.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "run_helpers.h"

namespace {

using rbtest::read_json;
using rbtest::read_lines;
using rbtest::read_sample_lines;
using rbtest::run_runner;
using rbtest::ScratchDir;

constexpr const char* kConfig = R"(workload = "notify"
plugins = ["condvar-queue", "condvar-signal", "condvar-batch"]

[run]
repetitions = 2
warmup = 0
timeout = "60s"

[matrix]
items = [2000]
producers = [1]

[plugin_options.condvar-queue]
notify = "broadcast"

[variants.condvar-signal]
plugin = "condvar-queue"
notify = "signal"

[variants.condvar-batch]
plugin = "condvar-queue"
batch = true
)";

rbtest::RunOutput run(const ScratchDir& dir, const std::string& config) {
  return run_runner({"run", dir.write("variants.toml", config).string(), "--out",
                     (dir.path() / "out").string(), "--no-store"});
}

const nlohmann::json& cell_of(const nlohmann::json& summary, const std::string& plugin) {
  for (const auto& cell : summary.at("cells"))
    if (cell.at("plugin") == plugin) return cell;
  throw std::runtime_error("no cell for " + plugin);
}

TEST(VariantsRun, EachVariantIsAColumnWithItsBaseAndOptionsRecorded) {
  const ScratchDir dir;
  const auto result = run(dir, kConfig);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const auto out = dir.path() / "out";

  const auto summary = read_json(out / "summary.json");
  ASSERT_EQ(summary.at("cells").size(), 3u);
  for (const auto& cell : summary.at("cells")) {
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_EQ(cell.at("base_plugin"), "condvar-queue") << cell.dump();
  }
  EXPECT_EQ(cell_of(summary, "condvar-queue").at("plugin_options"),
            nlohmann::json({{"notify", "broadcast"}}));
  EXPECT_EQ(cell_of(summary, "condvar-signal").at("plugin_options"),
            nlohmann::json({{"notify", "signal"}}));
  EXPECT_EQ(cell_of(summary, "condvar-batch").at("plugin_options"),
            nlohmann::json({{"notify", "broadcast"}, {"batch", "true"}}));

  std::set<std::string> labels;
  for (const auto& line : read_sample_lines(out / "samples.jsonl"))
    labels.insert(nlohmann::json::parse(line).at("plugin").get<std::string>());
  EXPECT_EQ(labels, (std::set<std::string>{"condvar-queue", "condvar-signal", "condvar-batch"}));

  std::string md;
  for (const auto& line : read_lines(out / "summary.md")) md += line + '\n';
  EXPECT_NE(md.find("- `condvar-batch` = `condvar-queue` with `notify=broadcast`, `batch=true`"),
            std::string::npos)
      << md;
  for (const char* label : {"condvar-signal", "condvar-batch"})
    EXPECT_NE(result.out.find(label), std::string::npos) << label << " in\n" << result.out;
}

// A variant no list names is allowed; --plugins may pick it, and its options are checked
// against its plugin's declarations (ABI 1.3) when the config loads, at the variant's key.
TEST(VariantsRun, AVariantsOptionsAreCheckedWhenPicked) {
  const ScratchDir narrowed;
  const auto bad =
      run_runner({"run",
                  narrowed
                      .write("variants.toml", std::string(kConfig) + "\n[variants.condvar-bad]\n"
                                                                     "plugin = \"condvar-queue\"\n"
                                                                     "notify = \"shout\"\n")
                      .string(),
                  "--plugins", "condvar-bad,condvar-signal", "--out",
                  (narrowed.path() / "out").string(), "--no-store"});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(bad.err.find("variants.toml:"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("plugin 'condvar-queue' (of variant 'condvar-bad') option 'notify': "
                         "unknown value 'shout' (known: signal|broadcast)"),
            std::string::npos)
      << bad.err;
  EXPECT_FALSE(std::filesystem::exists(narrowed.path() / "out" / "summary.json"));
}

}  // namespace
