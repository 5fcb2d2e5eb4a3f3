#include "report/samples_writer.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "model/json_codec.h"
#include "model/latency_histograms.h"
#include "report/atomic_file.h"
#include "report/samples_reader.h"
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
// A latency sample's histograms travel with their layout id and read back as written.
TEST(SamplesWriter, HistogramsAndTheirLayoutIdRoundTrip) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  const CellSpec cell = testing::two_plugins_two_points().cells[0].cell;
  Sample with = sample(0, 0, false, 1);
  with.latency_histogram = {{3, 1}, {600, 5}};
  with.uncorrected_latency_histogram = {{2, 6}};
  {
    SamplesWriter writer(path);
    writer.write(cell, with);
    writer.write(cell, sample(0, 1, false, 2));
  }
  const auto lines = read_lines(path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].at("latency_layout"), model::latency_layout());
  EXPECT_EQ(lines[0].at("latency_histogram"), model::Json::parse("[[3,1],[600,5]]"));
  EXPECT_EQ(lines[0].at("uncorrected_latency_histogram"), model::Json::parse("[[2,6]]"));
  EXPECT_FALSE(lines[1].contains("latency_layout"));  // no histogram, no layout
  const auto samples = read_samples_jsonl(path).at(cell.index);
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_EQ(samples[0].latency_histogram, with.latency_histogram);
  EXPECT_EQ(samples[0].uncorrected_latency_histogram, with.uncorrected_latency_histogram);
  EXPECT_TRUE(samples[1].latency_histogram.empty());
}

// Histograms written before the layout id existed are in today's layout and read; another
// layout's are refused, naming the line, the field and both layouts.
TEST(SamplesWriter, ReaderTakesOldHistogramsAndRefusesAnotherLayout) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "samples.jsonl";
  const CellSpec cell = testing::two_plugins_two_points().cells[0].cell;
  Sample with = sample(0, 0, false, 1);
  with.latency_histogram = {{3, 1}};
  {
    SamplesWriter writer(path);
    writer.write(cell, with);
    writer.write(cell, sample(0, 1, false, 2));  // so the first is not a torn last line
  }
  const auto lines = read_lines(path);
  model::Json line = lines.at(0);
  line.erase("latency_layout");
  write_file_atomically(path, line.dump() + "\n" + lines.at(1).dump() + "\n");
  EXPECT_EQ(read_samples_jsonl(path).at(cell.index).at(0).latency_histogram,
            with.latency_histogram);

  line["latency_layout"] = "hdr-log-linear/sub_bits=11";
  write_file_atomically(path, line.dump() + "\n" + lines.at(1).dump() + "\n");
  try {
    read_samples_jsonl(path);
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(":1: latency_layout: histogram layout 'hdr-log-linear/sub_bits=11' is "
                        "not this runner's '" +
                        model::latency_layout() + "'"),
              std::string::npos)
        << what;
  }
}

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
