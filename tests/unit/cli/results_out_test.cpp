// Every run gets a results directory of its own (issue 14.4): a default name is never
// shared, even by runs started in the same second, and a given --out must be empty.
#include "cli/results_out.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "../../support/scratch_dir.h"

namespace rb::cli {
namespace {

// Runs the test body in a scratch working directory (the default is results/ under it).
class ResultsOut : public ::testing::Test {
 protected:
  void SetUp() override {
    previous_ = std::filesystem::current_path();
    std::filesystem::current_path(dir_.path());
  }
  void TearDown() override { std::filesystem::current_path(previous_); }
  rbtest::ScratchDir dir_;
  std::filesystem::path previous_;
};

TEST_F(ResultsOut, DefaultDirectoriesOfRunsStartedTogetherDiffer) {
  std::set<std::filesystem::path> dirs;
  for (int i = 0; i < 5; ++i)
    dirs.insert(prepare_results_dir(std::nullopt, false, "cfg/tiny.toml"));
  EXPECT_EQ(dirs.size(), 5u);
  for (const auto& dir : dirs) {
    EXPECT_TRUE(std::filesystem::is_directory(dir)) << dir;
    EXPECT_EQ(dir.parent_path(), "results");
    EXPECT_EQ(dir.filename().string().rfind("tiny-", 0), 0u) << dir;
  }
}

TEST_F(ResultsOut, AGivenDirectoryIsCreatedOrMustBeEmpty) {
  EXPECT_EQ(prepare_results_dir(std::filesystem::path("a/b"), false, "x.toml"), "a/b");
  EXPECT_TRUE(std::filesystem::is_directory("a/b"));
  EXPECT_EQ(prepare_results_dir(std::filesystem::path("a/b"), false, "x.toml"), "a/b");
  std::ofstream("a/b/samples.jsonl") << "{}\n";
  try {
    prepare_results_dir(std::filesystem::path("a/b"), false, "x.toml");
    FAIL() << "a non-empty --out was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--out a/b: not empty (it holds samples.jsonl)"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("--force"), std::string::npos) << e.what();
  }
}

TEST_F(ResultsOut, ForceRemovesTheRunsFilesAndKeepsTheRest) {
  std::filesystem::create_directories("out/logs");
  for (const char* file :
       {"out/samples.jsonl", "out/summary.json", "out/summary.md", "out/store.json",
        "out/config.toml", "out/logs/cell-0000-round-0.log", "out/notes.txt"})
    std::ofstream(file) << "old\n";
  EXPECT_EQ(prepare_results_dir(std::filesystem::path("out"), true, "x.toml"), "out");
  std::set<std::string> left;
  for (const auto& entry : std::filesystem::recursive_directory_iterator("out"))
    left.insert(entry.path().string());
  EXPECT_EQ(left, (std::set<std::string>{"out/logs", "out/notes.txt"}));
}

// Issue 31, item 2: --force on a directory that holds no run would remove the user's own
// config.toml; it is refused, and nothing in the directory is touched.
TEST_F(ResultsOut, ForceOnADirectoryWithoutARunIsRefusedAndTouchesNothing) {
  std::filesystem::create_directories("mine");
  std::ofstream("mine/config.toml") << "precious\n";
  try {
    prepare_results_dir(std::filesystem::path("mine"), true, "x.toml");
    FAIL() << "--force took a directory without a run";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--out mine: --force replaces the results of an earlier "
                                         "run, and this directory holds none"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(rbtest::file_contents("mine/config.toml"), "precious\n");
}

}  // namespace
}  // namespace rb::cli
