#include "model/json_codec.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "synthetic_run.h"

namespace rb::model {
namespace {

RunResult round_trip(const RunResult& run, SampleDetail detail) {
  RunResult back;
  from_json(Json::parse(dump_json(to_json(run, detail), 2)), back);
  return back;
}

TEST(JsonCodec, FullRoundTripPreservesEverything) {
  const RunResult run = report::testing::two_plugins_two_points();
  const RunResult back = round_trip(run, SampleDetail::full);
  EXPECT_EQ(dump_json(to_json(back, SampleDetail::full)),
            dump_json(to_json(run, SampleDetail::full)));

  ASSERT_EQ(back.cells.size(), 4u);
  const CellResult& first = back.cells[0];
  EXPECT_EQ(first.cell.params_label(), "pipes=100 active=100 writes=100 transport=socketpair");
  EXPECT_EQ(first.cell.get_int("pipes"), 100);
  EXPECT_EQ(first.cell.get_string("transport"), "socketpair");
  EXPECT_EQ(first.samples.size(), 2u);
  EXPECT_EQ(first.samples[1].iteration, 2);
  EXPECT_EQ(first.samples[1].metrics.at("dispatch_us"), 121.0);
  EXPECT_EQ(first.metrics.at("setup_us").ci_low, run.cells[0].metrics.at("setup_us").ci_low);
  EXPECT_EQ(first.metrics.at("setup_us").outliers, std::vector<std::size_t>{5});
  EXPECT_EQ(first.counters.at("reads"), 200u);
  EXPECT_EQ(first.rusage.max_rss_kib, 4096);
  ASSERT_TRUE(first.provenance.has_value());
  EXPECT_EQ(first.provenance->library_version, "2.1.12-stable");
  EXPECT_EQ(first.provenance->abi_version, 0x10000u);
  EXPECT_EQ(back.cells[3].status, CellStatus::skipped);
  EXPECT_EQ(back.cells[3].reason, "needs 2005 fds, hard limit 2000");
  EXPECT_FALSE(back.cells[3].provenance.has_value());
  EXPECT_EQ(back.context.nofile_hard, 20000);
  EXPECT_EQ(back.context.git_revision, "abc1234-dirty");
  EXPECT_EQ(back.plugins, run.plugins);
}

TEST(JsonCodec, KernelCountsRoundTripAndAreAbsentWhenNotCounted) {
  RunResult run = report::testing::two_plugins_two_points();
  EXPECT_FALSE(to_json(run.cells[0]).contains("kernel_counts"));
  run.cells[0].kernel_counts = {"read", "syscalls: no tracefs", {{"cs", {0.25, 0.2, 0.3}}}};
  const RunResult back = round_trip(run, SampleDetail::count);
  const KernelCountSummary& counts = back.cells[0].kernel_counts;
  EXPECT_EQ(counts.unit, "read");
  EXPECT_EQ(counts.unavailable, "syscalls: no tracefs");
  ASSERT_EQ(counts.per_event.count("cs"), 1u);
  EXPECT_DOUBLE_EQ(counts.per_event.at("cs").per_event, 0.25);
  EXPECT_DOUBLE_EQ(counts.per_event.at("cs").round_min, 0.2);
  EXPECT_DOUBLE_EQ(counts.per_event.at("cs").round_max, 0.3);
  EXPECT_TRUE(back.cells[1].kernel_counts.empty());
}

TEST(JsonCodec, CountModeWritesTheSampleCountOnly) {
  const RunResult run = report::testing::two_plugins_two_points();
  const Json j = to_json(run);
  EXPECT_EQ(j["cells"][0]["samples"], 2);
  const RunResult back = round_trip(run, SampleDetail::count);
  EXPECT_TRUE(back.cells[0].samples.empty());
  EXPECT_EQ(back.cells[0].metrics.at("dispatch_us").n, 24u);
}

TEST(JsonCodec, ParamsAreAnObjectInAxisOrderWithIntegersAsNumbers) {
  const Json params = to_json(report::testing::two_plugins_two_points().cells[0].cell)["params"];
  ASSERT_TRUE(params.is_object());
  EXPECT_TRUE(params["pipes"].is_number_integer());
  EXPECT_TRUE(params["transport"].is_string());
  std::vector<std::string> keys;
  for (const auto& [key, value] : params.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"pipes", "active", "writes", "transport"}));
  EXPECT_EQ(params.dump(), R"({"pipes":100,"active":100,"writes":100,"transport":"socketpair"})");
}

TEST(JsonCodec, CellCarriesTheDocumentedKeys) {
  const Json cell = to_json(report::testing::two_plugins_two_points().cells[0]);
  for (const char* key : {"index", "workload", "plugin", "params", "status", "reason", "metrics",
                          "counters", "rusage", "rusage_per_round", "provenance", "samples"})
    EXPECT_TRUE(cell.contains(key)) << key;
  for (const char* key : {"user_s", "sys_s", "max_rss_kib", "voluntary_cs", "involuntary_cs"})
    EXPECT_TRUE(cell["rusage"].contains(key)) << key;
  for (const char* key :
       {"path", "sha256", "plugin_version", "library", "library_version", "abi_version"})
    EXPECT_TRUE(cell["provenance"].contains(key)) << key;
  EXPECT_EQ(cell["status"], "ok");
  EXPECT_EQ(cell["metrics"]["dispatch_us"]["median"], 123.45);
}

TEST(JsonCodec, NanIsWrittenAsNullAndReadBackAsNan) {
  stats::Summary s;
  s.median = std::numeric_limits<double>::quiet_NaN();
  const Json j = Json::parse(dump_json(to_json(s)));
  EXPECT_TRUE(j["median"].is_null());
  stats::Summary back;
  from_json(j, back);
  EXPECT_TRUE(std::isnan(back.median));
}

// dump_json replaces each invalid byte by U+FFFD (EF BF BD in UTF-8) and keeps the rest,
// so the text reads back valid with the bytes around it unchanged.
TEST(JsonCodec, InvalidUtf8IsReplacedRatherThanThrown) {
  CellResult r;
  r.status = CellStatus::failed;
  r.reason = "bad \xff byte, truncated \xe2\x82";
  const std::string text = dump_json(to_json(r));
  EXPECT_NE(text.find("\"reason\":\"bad \xef\xbf\xbd byte, truncated \xef\xbf\xbd\""),
            std::string::npos)
      << text;
  EXPECT_EQ(Json::parse(text).at("reason"), "bad \uFFFD byte, truncated \uFFFD");
}

TEST(JsonCodec, UnknownStatusIsRejected) {
  Json cell = to_json(report::testing::two_plugins_two_points().cells[0]);
  cell["status"] = "melted";
  CellResult back;
  EXPECT_THROW(from_json(cell, back), JsonError);
}

TEST(JsonCodec, MissingKeyIsRejected) {
  Json cell = to_json(report::testing::two_plugins_two_points().cells[0]);
  cell.erase("rusage");
  CellResult back;
  EXPECT_THROW(from_json(cell, back), JsonError);
}

TEST(JsonCodec, EveryStatusNameReadsBack) {
  for (CellStatus status : {CellStatus::ok, CellStatus::skipped, CellStatus::failed,
                            CellStatus::crashed, CellStatus::timeout, CellStatus::interrupted})
    EXPECT_EQ(cell_status_from_string(to_string(status)), status);
}

}  // namespace
}  // namespace rb::model
