// samples.jsonl read back: samples per cell, event lines skipped, a torn last line ignored.
#include <gtest/gtest.h>

#include <fstream>

#include "report/samples_reader.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::report {
namespace {

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
