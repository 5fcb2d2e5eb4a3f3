// samples.jsonl read back: samples per cell, event lines skipped, a torn last line ignored.
#include <gtest/gtest.h>

#include <fstream>

#include "model/json_codec.h"
#include "report/results_dir.h"
#include "report/samples_reader.h"
#include "report/summary_json.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::report {
namespace {

std::string fmt_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += line + '\n';
  return out;
}

TEST(SamplesReader, ResultsDirectoryReadsBackWithItsSamples) {
  rb::testing::TempDir dir;
  const RunResult run = rb::testing::synthetic_flower_run({});
  rb::testing::write_results_dir(run, dir.path());
  const RunResult back = read_results_dir(dir.path());
  ASSERT_EQ(back.cells.size(), run.cells.size());
  for (std::size_t i = 0; i < run.cells.size(); ++i) {
    ASSERT_EQ(back.cells[i].samples.size(), run.cells[i].samples.size());
    EXPECT_EQ(back.cells[i].samples[3].metrics, run.cells[i].samples[3].metrics);
  }
}

// The synthetic run with this run id, written into dir as a run writes it.
RunResult run_written_as(const rb::testing::TempDir& dir, const std::string& run_id) {
  RunResult run = rb::testing::synthetic_flower_run({});
  run.context.run_id = run_id;
  rb::testing::write_results_dir(run, dir.path());
  return run;
}

std::string error_reading(const std::filesystem::path& dir) {
  try {
    read_results_dir(dir);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

// Every sample line twice, as two runs into one --out left it (issue 14.4): the counts no
// longer match the summary's, and the reader says so instead of comparing double samples.
TEST(SamplesReader, DuplicatedSampleLinesAreRefusedNamingBothFiles) {
  rb::testing::TempDir dir;
  const RunResult run = rb::testing::synthetic_flower_run({});
  rb::testing::write_results_dir(run, dir.path());
  std::vector<std::string> samples;
  {
    std::ifstream in(dir.path() / "samples.jsonl");
    for (std::string line; std::getline(in, line);)
      if (line.find("\"iteration\":") != std::string::npos) samples.push_back(line);
  }
  std::ofstream(dir.path() / "samples.jsonl", std::ios::app) << fmt_lines(samples);
  const std::string error = error_reading(dir.path());
  EXPECT_NE(error.find((dir.path() / "samples.jsonl").string()), std::string::npos) << error;
  EXPECT_NE(error.find((dir.path() / "summary.json").string()), std::string::npos) << error;
  EXPECT_NE(error.find("cell 0 (flower "), std::string::npos) << error;
  EXPECT_NE(error.find("has 48 samples there, 24 in summary.json"), std::string::npos) << error;
}

TEST(SamplesReader, AnotherRunsSamplesAreRefusedByRunId) {
  rb::testing::TempDir dir;
  RunResult run = run_written_as(dir, "aaaa");
  EXPECT_EQ(read_results_dir(dir.path()).cells.size(), run.cells.size());
  run.context.run_id = "bbbb";
  write_summary_json(run, dir.path() / "summary.json");
  const std::string error = error_reading(dir.path());
  EXPECT_NE(error.find("it is run aaaa, summary.json is run bbbb"), std::string::npos) << error;
}

TEST(SamplesReader, TwoRunsInOneFileAreRefused) {
  rb::testing::TempDir dir;
  run_written_as(dir, "aaaa");
  rb::testing::TempDir other;
  run_written_as(other, "bbbb");
  {
    std::ifstream in(other.path() / "samples.jsonl");
    std::ofstream(dir.path() / "samples.jsonl", std::ios::app) << in.rdbuf();
  }
  const std::string error = error_reading(dir.path());
  EXPECT_NE(error.find("it holds 2 runs (aaaa, bbbb)"), std::string::npos) << error;
}

// What summary.json says, rebuilt from samples.jsonl alone (runner summarize).
TEST(SamplesReader, TheRunRebuiltFromSamplesIsTheSummary) {
  rb::testing::TempDir dir;
  const RunResult run = run_written_as(dir, "aaaa");
  const RebuiltRun rebuilt = rebuild_run_from_samples(dir.path() / "samples.jsonl");
  EXPECT_TRUE(rebuilt.ended);
  EXPECT_EQ(rebuilt.planned, run.cells.size());
  EXPECT_EQ(format_summary_json(rebuilt.run), format_summary_json(run));
}

TEST(SamplesReader, EventLinesAreSkippedAndATornLastLineIgnored) {
  rb::testing::TempDir dir;
  const auto path = dir.path() / "samples.jsonl";
  std::ofstream(path)
      << R"({"cell":0,"workload":"flower","plugin":"a","params":{},"round":0,"iteration":1,"warmup":false,"metrics":{"x":1.5},"counters":{}})"
      << '\n'
      << R"({"cell":1,"workload":"flower","plugin":"b","params":{},"round":0,"event":"crashed","reason":"signal 11"})"
      << '\n'
      << R"({"cell":0,"workload":"flower","plugin":"a","params":{},"round":0,"iter)";
  const auto samples = read_samples_jsonl(path);
  ASSERT_EQ(samples.size(), 1u);
  ASSERT_EQ(samples.at(0).size(), 1u);
  EXPECT_DOUBLE_EQ(samples.at(0)[0].metrics.at("x"), 1.5);
}

TEST(SamplesReader, AMalformedLineInTheMiddleIsAnError) {
  rb::testing::TempDir dir;
  const auto path = dir.path() / "samples.jsonl";
  std::ofstream(path) << "not json\n{\"cell\":0}\n";
  EXPECT_THROW(read_samples_jsonl(path), std::runtime_error);
}

TEST(SamplesReader, MissingFileHasNoSamples) {
  rb::testing::TempDir dir;
  EXPECT_TRUE(read_samples_jsonl(dir.path() / "none.jsonl").empty());
}

}  // namespace
}  // namespace rb::report
