#include "report/samples_writer.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "model/json_codec.h"
#include "synthetic_run.h"

namespace rb::report {
namespace {

std::vector<model::Json> read_lines(const std::filesystem::path& path) {
  std::istringstream text(testing::read_file(path));
  std::vector<model::Json> out;
  for (std::string line; std::getline(text, line);) out.push_back(model::Json::parse(line));
  return out;
}

Sample sample(int round, int iteration, bool warmup, double dispatch) {
  Sample s;
  s.round = round;
  s.iteration = iteration;
  s.warmup = warmup;
  s.metrics = {{"setup_us", 1.5}, {"dispatch_us", dispatch}};
  s.counters = {{"reads", 200}};
  return s;
}

TEST(SamplesWriter, WritesOneParsableLinePerSample) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  const CellSpec cell = testing::two_plugins_two_points().cells[2].cell;
  SamplesWriter writer(path);
  writer.write(cell, sample(0, 0, true, 99.5));
  writer.write(cell, sample(0, 1, false, 42.25));

  // Read while the writer is still open: each line must already be on disk.
  const std::vector<model::Json> lines = read_lines(path);
  ASSERT_EQ(lines.size(), 2u);
  const model::Json& j = lines[1];
  EXPECT_EQ(j["cell"], 2);
  EXPECT_EQ(j["workload"], "flower");
  EXPECT_EQ(j["plugin"], "libevent2");
  EXPECT_EQ(j["params"]["pipes"], 1000);
  EXPECT_EQ(j["params"]["transport"], "socketpair");
  EXPECT_EQ(j["round"], 0);
  EXPECT_EQ(j["iteration"], 1);
  EXPECT_EQ(j["warmup"], false);
  EXPECT_EQ(j["metrics"]["dispatch_us"], 42.25);
  EXPECT_EQ(j["counters"]["reads"], 200);
  EXPECT_EQ(lines[0]["warmup"], true);
}

TEST(SamplesWriter, KeysComeInTheDocumentedOrder) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  SamplesWriter(path).write(testing::two_plugins_two_points().cells[0].cell,
                            sample(1, 3, false, 2));
  const model::Json line = read_lines(path).at(0);
  std::vector<std::string> keys;
  for (const auto& [key, value] : line.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"cell", "workload", "plugin", "params", "round",
                                            "iteration", "warmup", "metrics", "counters"}));
}

// Two runs appending to one file mixed their samples (issue 14.4): a file is one run's.
TEST(SamplesWriter, RefusesAnExistingFileNamingIt) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  const CellSpec cell = testing::two_plugins_two_points().cells[0].cell;
  SamplesWriter(path).write(cell, sample(0, 0, false, 1));
  try {
    SamplesWriter second(path);
    FAIL() << "a second writer opened " << path;
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
  ASSERT_EQ(read_lines(path).size(), 1u);
}

// A symlink planted at the name is refused, never followed (issue 14.1): its target is
// untouched, and the writer creates files the way write_file_atomically does (report/new_file).
TEST(SamplesWriter, RefusesASymlinkAtItsNameAndLeavesTheTargetAlone) {
  testing::ScratchDir dir;
  const auto victim = dir.path() / "victim";
  { std::ofstream(victim) << "precious\n"; }
  const auto path = dir.path() / "samples.jsonl";
  std::filesystem::create_symlink(victim, path);
  EXPECT_THROW(SamplesWriter{path}, std::system_error);
  EXPECT_EQ(testing::read_file(victim), "precious\n");
  EXPECT_TRUE(std::filesystem::is_symlink(path));
}

TEST(SamplesWriter, WritesAnEventLineForACellRoundThatDidNotEndOk) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  SamplesWriter writer(path);
  writer.write_event(testing::two_plugins_two_points().cells[1].cell, 2, "crashed",
                     "killed by signal 11 (SIGSEGV)");
  const std::vector<model::Json> lines = read_lines(path);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["cell"], 1);
  EXPECT_EQ(lines[0]["plugin"], "raw-epoll");
  EXPECT_EQ(lines[0]["round"], 2);
  EXPECT_EQ(lines[0]["event"], "crashed");
  EXPECT_EQ(lines[0]["reason"], "killed by signal 11 (SIGSEGV)");
  EXPECT_FALSE(lines[0].contains("metrics"));
}

TEST(SamplesWriter, MovedWriterKeepsWriting) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  SamplesWriter first(path);
  SamplesWriter second = std::move(first);
  second.write(testing::two_plugins_two_points().cells[0].cell, sample(0, 0, false, 1));
  EXPECT_EQ(read_lines(path).size(), 1u);
  EXPECT_EQ(second.path(), path);
}

TEST(SamplesWriter, UnopenablePathThrowsNamingIt) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "missing-dir" / "samples.jsonl";
  try {
    SamplesWriter writer(path);
    FAIL() << "expected an exception";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos);
  }
}

}  // namespace
}  // namespace rb::report
