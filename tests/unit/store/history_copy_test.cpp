// `runner store copy`: a whole history into a SQLite file and back into the backend under
// test reads back the same - run ids, cells, samples, histograms, tags - and the copy goes
// on numbering where the original stopped; a destination holding runs is refused unless
// --replace.
#include "store/history_copy.h"

#include <gtest/gtest.h>

#include "../../support/what_thrown.h"
#include "model/json_codec.h"
#include "store/run_reader.h"
#include "store/run_tags.h"
#include "store/schema.h"
#include "store_backends.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

template <typename Backend>
class HistoryCopy : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(HistoryCopy);

RunResult run_with_histograms(std::uint64_t seed) {
  RunResult run = rb::testing::flower_run(seed);
  for (auto& s : run.cells[0].samples) {
    s.latency_histogram = {{100, 3}, {300 + seed, 1}};
    s.uncorrected_latency_histogram = {{90, 4}};
  }
  return run;
}

CopyCounts copy(const std::string& from, const std::string& to, bool replace = false) {
  Database source = open_history_for_reading(from);
  Database destination = open_history(to, true);
  return copy_history(source, destination, {.replace = replace});
}

TYPED_TEST_P(HistoryCopy, AHistoryCopiedToSqliteAndBackReadsTheSame) {
  const std::string& original = this->store();
  const RunResult first = run_with_histograms(1);
  const RunResult second = run_with_histograms(2);
  rb::testing::store_run(original, first, "nightly");
  rb::testing::store_run(original, second, "nightly", false);
  {
    Database db = open_history(original, false);
    set_tag(db, "base", 1, "2026-12-02T03:00:00Z");
  }
  const std::string file = (this->dir().path() / "copy.db").string();
  const CopyCounts counts = copy(original, file);
  EXPECT_EQ(counts.at("runs"), 2u);
  EXPECT_EQ(counts.at("cells"), first.cells.size() + second.cells.size());
  EXPECT_EQ(counts.at("sample_histograms"), 2 * (first.cells[0].samples.size() * 2));
  EXPECT_EQ(counts.at("run_tags"), 1u);
  const std::string back = this->another_store("back.db");
  copy(file, back);

  Database db = open_history_for_reading(back);
  EXPECT_EQ(rb::testing::full_json(load_run(db, 1)), rb::testing::full_json(first));
  EXPECT_EQ(rb::testing::full_json(load_run(db, 2)), rb::testing::full_json(second));
  EXPECT_EQ(find_run(db, 2)->status, "running");
  EXPECT_EQ(find_tag(db, "base"), 1);
  ASSERT_EQ(list_tags(db).size(), 1u);
  EXPECT_EQ(list_tags(db)[0].tagged_at, "2026-12-02T03:00:00Z");
  // The copy hands out the next ids after the copied ones, not ones it already has.
  EXPECT_EQ(rb::testing::store_run(back, first, "nightly"), 3);
}

TYPED_TEST_P(HistoryCopy, ADestinationWithRunsIsRefusedUnlessReplaced) {
  const std::string& source = this->store();
  rb::testing::store_run(source, rb::testing::flower_run());
  const std::string destination = this->another_store("destination.db");
  rb::testing::store_run(destination, rb::testing::flower_run());
  rb::testing::store_run(destination, rb::testing::flower_run());
  const std::string error = rbtest::what_thrown<StoreError>([&] { copy(source, destination); });
  EXPECT_NE(error.find("the destination holds 2 runs already"), std::string::npos) << error;
  EXPECT_NE(error.find("--replace"), std::string::npos) << error;
  EXPECT_EQ(copy(source, destination, true).at("runs"), 1u);
  Database db = open_history_for_reading(destination);
  EXPECT_EQ(list_runs(db, {}).size(), 1u);
}

REGISTER_TYPED_TEST_SUITE_P(HistoryCopy, AHistoryCopiedToSqliteAndBackReadsTheSame,
                            ADestinationWithRunsIsRefusedUnlessReplaced);
RB_INSTANTIATE_FOR_STORE_BACKEND(HistoryCopy);

}  // namespace
}  // namespace rb::store
