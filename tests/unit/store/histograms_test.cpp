// A latency workload's histograms in the history (schema 5): stored per sample with their
// layout id and read back whole, so report, compare and export from the store keep the
// distributions; another layout's buckets are refused by name.
#include <gtest/gtest.h>

#include <string>

#include "store/run_reader.h"
#include "store/schema.h"
#include "store_backends.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

template <typename Backend>
class StoredHistograms : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(StoredHistograms);

// Two cells, the first with both histograms on every sample, the second with the corrected
// one only on its first sample.
RunResult run_with_histograms() {
  RunResult run = rb::testing::flower_run();
  run.cells.resize(2);
  for (std::size_t k = 0; k < run.cells[0].samples.size(); ++k) {
    run.cells[0].samples[k].latency_histogram = {{100, 3}, {300 + k, 1}};
    run.cells[0].samples[k].uncorrected_latency_histogram = {{90, 4}};
  }
  run.cells[1].samples[0].latency_histogram = {{7, 2}};
  return run;
}

TYPED_TEST_P(StoredHistograms, EverySamplesHistogramsComeBack) {
  const std::string& path = this->store();
  const RunResult run = run_with_histograms();
  const std::int64_t id = rb::testing::store_run(path, run);
  Database db = open_history_for_reading(path);
  const RunResult back = load_run(db, id);
  ASSERT_EQ(back.cells.size(), 2u);
  for (std::size_t c = 0; c < 2; ++c) {
    ASSERT_EQ(back.cells[c].samples.size(), run.cells[c].samples.size());
    for (std::size_t k = 0; k < run.cells[c].samples.size(); ++k) {
      EXPECT_EQ(back.cells[c].samples[k].latency_histogram,
                run.cells[c].samples[k].latency_histogram)
          << c << " " << k;
      EXPECT_EQ(back.cells[c].samples[k].uncorrected_latency_histogram,
                run.cells[c].samples[k].uncorrected_latency_histogram)
          << c << " " << k;
    }
  }
  Statement rows = db.prepare("SELECT COUNT(*), COUNT(DISTINCT layout) FROM sample_histograms");
  ASSERT_TRUE(rows.step());
  EXPECT_EQ(rows.column_int(0), 2 * static_cast<std::int64_t>(run.cells[0].samples.size()) + 1);
  EXPECT_EQ(rows.column_int(1), 1);
}

TYPED_TEST_P(StoredHistograms, AnotherLayoutIsRefusedByName) {
  const std::string& path = this->store();
  const std::int64_t id = rb::testing::store_run(path, run_with_histograms());
  {
    Database db(path, false);
    db.exec("UPDATE sample_histograms SET layout = 'hdr-log-linear/sub_bits=11' WHERE seq = 1");
  }
  Database db = open_history_for_reading(path);
  try {
    load_run(db, id);
    FAIL() << "expected an exception";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("run 1 is malformed: sample_histograms.layout: histogram layout "
                        "'hdr-log-linear/sub_bits=11' is not this runner's "
                        "'hdr-log-linear/sub_bits=8/max_bits=42/unit=ns'"),
              std::string::npos)
        << what;
  }
}

REGISTER_TYPED_TEST_SUITE_P(StoredHistograms, EverySamplesHistogramsComeBack,
                            AnotherLayoutIsRefusedByName);
RB_INSTANTIATE_FOR_STORE_BACKEND(StoredHistograms);

}  // namespace
}  // namespace rb::store
