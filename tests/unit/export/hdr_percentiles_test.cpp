// runner export --format hdr-percentiles: HdrHistogram's outputPercentileDistribution text.
// The expected text below is what HdrHistogram (Java) prints for the same counts with 5 ticks
// per half distance and an output scaling ratio of 1000 (its PercentileIterator and format
// strings, transliterated to compute it).
#include "export/hdr_percentiles.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "synthetic_runs.h"

namespace rb::exporting {
namespace {

using stats::LatencyHistogram;

LatencyHistogram::Sparse histogram_of(std::initializer_list<std::uint64_t> values_ns) {
  LatencyHistogram h;
  for (const auto v : values_ns) h.record(v);
  return h.to_sparse();
}

TEST(HdrPercentiles, TextIsHdrHistogramsPercentileDistribution) {
  const auto buckets = histogram_of({1, 2, 3, 4, 5, 6, 7, 8, 9, 1000, 1000, 5000});
  EXPECT_EQ(hgrm_text(buckets),
            "       Value     Percentile TotalCount 1/(1-Percentile)\n"
            "\n"
            "       0.001 0.000000000000          1           1.00\n"
            "       0.002 0.100000000000          2           1.11\n"
            "       0.003 0.200000000000          3           1.25\n"
            "       0.004 0.300000000000          4           1.43\n"
            "       0.005 0.400000000000          5           1.67\n"
            "       0.006 0.500000000000          6           2.00\n"
            "       0.007 0.550000000000          7           2.22\n"
            "       0.008 0.600000000000          8           2.50\n"
            "       0.008 0.650000000000          8           2.86\n"
            "       0.009 0.700000000000          9           3.33\n"
            "       0.009 0.750000000000          9           4.00\n"
            "       1.003 0.775000000000         11           4.44\n"
            "       1.003 0.800000000000         11           5.00\n"
            "       1.003 0.825000000000         11           5.71\n"
            "       1.003 0.850000000000         11           6.67\n"
            "       1.003 0.875000000000         11           8.00\n"
            "       1.003 0.887500000000         11           8.89\n"
            "       1.003 0.900000000000         11          10.00\n"
            "       1.003 0.912500000000         11          11.43\n"
            "       5.023 0.925000000000         12          13.33\n"
            "       5.023 1.000000000000         12\n"
            "#[Mean    =        0.588, StdDeviation   =        1.383]\n"
            "#[Max     =        5.023, Total count    =           12]\n"
            "#[Buckets =           35, SubBuckets     =          256]\n");
}

// One value: the 0% row and the 100% row, both its bucket's highest value.
TEST(HdrPercentiles, OneValue) {
  EXPECT_EQ(hgrm_text(histogram_of({1000})),
            "       Value     Percentile TotalCount 1/(1-Percentile)\n\n"
            "       1.003 0.000000000000          1           1.00\n"
            "       1.003 1.000000000000          1\n"
            "#[Mean    =        1.002, StdDeviation   =        0.000]\n"
            "#[Max     =        1.003, Total count    =            1]\n"
            "#[Buckets =           35, SubBuckets     =          256]\n");
}

// An rr-like run: the first cell open loop (both histograms), the second closed loop.
RunResult latency_run() {
  rb::testing::SyntheticOptions o;
  o.samples = 4;
  RunResult run = rb::testing::synthetic_flower_run(o);
  run.cells.resize(2);
  for (std::size_t c = 0; c < run.cells.size(); ++c) {
    auto& cell = run.cells[c];
    cell.cell.workload = "rr";
    cell.cell.params = {{"connections", std::int64_t{10}},
                        {"rate", std::int64_t{c == 0 ? 1000 : 0}}};
    for (std::size_t k = 0; k < cell.samples.size(); ++k) {
      cell.samples[k].latency_histogram = histogram_of({1000 + k, 2000});
      if (c == 0) cell.samples[k].uncorrected_latency_histogram = histogram_of({900, 1000});
    }
  }
  return run;
}

TEST(HdrPercentiles, OneFilePerDistributionOfEachLatencyCell) {
  const auto files = hdr_percentile_files(latency_run());
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].name, "0-rr_libevent2_connections=10_rate=1000.hgrm");
  EXPECT_EQ(files[1].name, "0-rr_libevent2_connections=10_rate=1000.uncorrected.hgrm");
  EXPECT_EQ(files[2].name, "1-rr_muduo_connections=10_rate=0.hgrm");
  // Every sample of the cell merged: 4 samples x 2 responses.
  EXPECT_NE(files[0].text.find("#[Max     =        2.007, Total count    =            8]"),
            std::string::npos)
      << files[0].text;
  EXPECT_NE(files[1].text.find("Total count    =            8]"), std::string::npos);
}

// What the readers of .hgrm (HdrHistogram's plotFiles.html, hdr-plot, wrk2's consumers) take:
// the header line, then data rows of four numbers (value, percentile, total count,
// 1/(1-percentile)) with the percentile rising from 0 to 1, the 100% row with three, and
// lines beginning with '#', which they skip. A disturbed cell's mark is such a line.
void expect_hgrm_readers_take(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "       Value     Percentile TotalCount 1/(1-Percentile)");
  double last_percentile = -1;
  bool hundred = false;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::vector<double> numbers;
    for (double number = 0; fields >> number;) numbers.push_back(number);
    EXPECT_TRUE(fields.eof()) << "not a number in: " << line;
    ASSERT_TRUE(numbers.size() == 4 || (numbers.size() == 3 && numbers[1] == 1.0)) << line;
    EXPECT_GE(numbers[1], last_percentile) << line;
    last_percentile = numbers[1];
    hundred = numbers.size() == 3;
  }
  EXPECT_TRUE(hundred) << text;
}

TEST(HdrPercentiles, ADisturbedCellIsMarkedInACommentTheReadersSkip) {
  RunResult run = latency_run();
  run.cells[1].disturbed = true;
  run.cells[1].disturbance = "round 1: other work took 12% of the cell's CPUs";
  const auto files = hdr_percentile_files(run);
  ASSERT_EQ(files.size(), 3u);
  for (const auto& file : files) expect_hgrm_readers_take(file.text);
  EXPECT_TRUE(
      files[2].text.ends_with("#[Disturbed: round 1: other work took 12% of the cell's CPUs]\n"))
      << files[2].text;
  EXPECT_EQ(files[0].text.find("Disturbed"), std::string::npos);
  // --exclude-disturbed: that cell gives no file.
  EXPECT_EQ(hdr_percentile_files(run, true).size(), 2u);
}

TEST(HdrPercentiles, ARunWithoutHistogramsIsRefusedByTheReporter) {
  rb::testing::SyntheticOptions o;
  const RunResult run = rb::testing::synthetic_flower_run(o);
  EXPECT_TRUE(hdr_percentile_files(run).empty());
  try {
    hdr_percentiles_reporter().render({.run = &run});
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no latency histograms"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace rb::exporting
