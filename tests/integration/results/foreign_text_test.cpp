// Strings read back from a results directory reach the terminal only through the
// printable-text path (issue 31, item 6, beyond compare's tables): merge's group, tag's
// label, compare's "no earlier run" message and report's note on plots printed them raw.
// Each test plants ESC, an OSC title sequence and BEL where the runner reads such a string,
// through the real runner; the output holds none of them, only their escaped form.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "results_support.h"

namespace rbtest {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHostile = "\x1b]0;PWN\x07\x1b[31m";
constexpr const char* kEscaped = "\\x1B]0;PWN\\x07\\x1B[31m";

bool has_control(const std::string& text) {
  return text.find_first_of("\x1b\x07") != std::string::npos;
}

void write_json(const fs::path& file, const nlohmann::json& json) {
  std::ofstream(file) << json.dump();
}

// The host, revision and group in summary.json, the config name in config.toml and, for a
// stored run, in store.json.
void plant(const fs::path& results) {
  nlohmann::json summary = read_json(results / "summary.json");
  for (const char* key : {"host", "git_revision", "group"})
    summary["context"][key] = summary["context"].value(key, "") + kHostile;
  write_json(results / "summary.json", summary);
  std::string config = file_text(results / "config.toml");
  const std::string name = "name = \"tiny\"";
  ASSERT_NE(config.find(name), std::string::npos) << config;
  config.replace(config.find(name), name.size(), "name = \"tiny\\u001b]0;PWN\\u0007\"");
  std::ofstream(results / "config.toml") << config;
  if (fs::exists(results / "store.json")) {
    nlohmann::json link = read_json(results / "store.json");
    link["config_name"] = link.value("config_name", "") + kHostile;
    write_json(results / "store.json", link);
  }
}

void expect_escaped(const RunOutput& r, const std::string& what) {
  EXPECT_FALSE(has_control(r.out)) << what << " printed a control character: " << r.out;
  EXPECT_FALSE(has_control(r.err)) << what << " printed a control character: " << r.err;
  EXPECT_TRUE(contains(r.out + r.err, kEscaped)) << what << ": " << r.out << r.err;
}

TEST(ForeignText, MergePrintsTheShardsGroupEscaped) {
  ScratchDir dir;
  for (const char* shard : {"1/2", "2/2"}) {
    const std::string out = std::string("s") + shard[0];
    ASSERT_EQ(run_tiny(dir, out, {"--no-store", "--shard", shard, "--group", "g"}).exit_code, 0);
    plant(dir.path() / out);
  }
  const RunOutput r =
      run_runner({"merge", (dir.path() / "s1").string(), (dir.path() / "s2").string(), "--out",
                  (dir.path() / "merged").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, std::string("of group g") + kEscaped)) << r.err;
  expect_escaped(r, "merge");
}

// A stored run's directory: tag and compare read its label from summary.json, config.toml
// and store.json.
class StoredForeignText : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run_tiny(dir_, "r", {"--store", store().string()}).exit_code, 0);
    plant(results());
  }
  fs::path store() const { return dir_.path() / "history.db"; }
  fs::path results() const { return dir_.path() / "r"; }

  ScratchDir dir_;
};

TEST_F(StoredForeignText, TagPrintsTheRunsLabelEscaped) {
  const RunOutput r = run_runner({"tag", results().string(), "base"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "as 'base'")) << r.out;
  expect_escaped(r, "tag");
}

TEST_F(StoredForeignText, CompareWithNoEarlierRunSaysSoEscaped) {
  const RunOutput r = run_runner(
      {"compare", "previous", results().string(), "--store", store().string(), "--no-baseline-ok"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "nothing to compare")) << r.out;
  expect_escaped(r, "compare previous");
}

// The plot script's last words and the run's config name, in report's note on stderr.
TEST_F(StoredForeignText, ReportsNoteOnFailedPlotsIsEscaped) {
  const fs::path script = dir_.write("plot.sh", "printf 'boom \\033]0;PWN\\007\\n' >&2\nexit 1\n");
  const RunOutput r = run_program(
      "/usr/bin/env",
      {"REACTORBENCH_PYTHON=/bin/sh", "REACTORBENCH_PLOT_SCRIPT=" + script.string(), RB_RUNNER_EXE,
       "report", results().string(), "--html", (dir_.path() / "html").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "No plots: " + script.string() + " failed: boom \\x1B]0;PWN\\x07"))
      << r.err;
  expect_escaped(r, "report");
}

}  // namespace
}  // namespace rbtest
