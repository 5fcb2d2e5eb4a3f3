// How interference travels with the results: summary.json (cells and context), samples.jsonl
// (attempt tags, superseded attempts dropped on reading) and the history store (version 4,
// migrated from 3), and that results written before any of it still read.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <fstream>

#include "../store/store_test_support.h"
#include "model/interference_json.h"
#include "model/json_codec.h"
#include "report/console_table.h"
#include "report/samples_reader.h"
#include "report/samples_writer.h"
#include "report/summary_csv.h"
#include "report/summary_md.h"
#include "store/run_reader.h"
#include "store/run_recorder.h"
#include "store/schema.h"

namespace rb {
namespace {

using rb::testing::TempDir;

CellSpec flower_cell(std::size_t index) {
  CellSpec cell;
  cell.index = index;
  cell.workload = "flower";
  cell.plugin = "libevent2";
  cell.params = {{"pipes", std::int64_t{100}}};
  return cell;
}

Sample sample(int round, int iteration, double dispatch_us) {
  Sample s;
  s.round = round;
  s.iteration = iteration;
  s.metrics = {{"dispatch_us", dispatch_us}};
  s.counters = {{"reads", 1}};
  return s;
}

RoundInterference disturbed_round() {
  RoundInterference r;
  r.round = 1;
  r.attempt = 1;
  r.cpus = {1};
  r.foreign_cpu_share = 0.4;
  r.steal_share = 0.01;
  r.load_average = 1.5;
  r.canary_cpu_ns = 1.25;
  r.canary_syscall_ns = 310;
  r.disturbed = true;
  return r;
}

RunResult measured_run() {
  RunResult run;
  run.workload = "flower";
  run.plugins = {"libevent2"};
  run.context.started_at = "2026-12-01T12:00:00Z";
  run.context.clock_resolution_ns = 21;
  run.context.clock_overhead_ns = 19.5;
  run.context.disturbance_threshold = 0.1;
  run.context.foreign_processes = {"cc1plus (42): 3.10 s"};
  CellResult cell;
  cell.cell = flower_cell(0);
  RoundInterference quiet;
  quiet.cpus = {1};
  quiet.canary_cpu_ns = 1.2;
  cell.interference = {quiet, disturbed_round()};
  cell.disturbed = true;
  cell.disturbance =
      "round 2: 40% of cpu 1 busy with other work (threshold 10%), still after 1 retry";
  cell.samples = {sample(0, 0, 5), sample(1, 0, 6)};
  run.cells.push_back(cell);
  return run;
}

TEST(InterferenceJson, CellsAndContextRoundTrip) {
  const RunResult run = measured_run();
  const model::Json json = model::to_json(run, model::SampleDetail::full);
  const model::Json& cell_json = json.at("cells").at(0).at("interference");
  EXPECT_DOUBLE_EQ(cell_json.at("max_foreign_cpu_share").get<double>(), 0.4);
  EXPECT_DOUBLE_EQ(cell_json.at("max_steal_share").get<double>(), 0.01);
  EXPECT_TRUE(cell_json.at("disturbed").get<bool>());
  EXPECT_EQ(cell_json.at("rounds").size(), 2u);
  EXPECT_EQ(json.at("context").at("foreign_processes").at(0), "cc1plus (42): 3.10 s");

  RunResult back;
  model::from_json(json, back);
  EXPECT_DOUBLE_EQ(back.context.clock_resolution_ns, 21);
  EXPECT_DOUBLE_EQ(back.context.clock_overhead_ns, 19.5);
  EXPECT_DOUBLE_EQ(back.context.disturbance_threshold, 0.1);
  EXPECT_EQ(back.context.foreign_processes, run.context.foreign_processes);
  const CellResult& cell = back.cells.at(0);
  EXPECT_TRUE(cell.disturbed);
  EXPECT_EQ(cell.disturbance, run.cells[0].disturbance);
  ASSERT_EQ(cell.interference.size(), 2u);
  const RoundInterference& r = cell.interference[1];
  EXPECT_EQ(r.round, 1);
  EXPECT_EQ(r.attempt, 1);
  EXPECT_EQ(r.cpus, std::vector<int>{1});
  EXPECT_DOUBLE_EQ(r.foreign_cpu_share, 0.4);
  EXPECT_DOUBLE_EQ(r.steal_share, 0.01);
  EXPECT_DOUBLE_EQ(r.load_average, 1.5);
  EXPECT_DOUBLE_EQ(r.canary_cpu_ns, 1.25);
  EXPECT_DOUBLE_EQ(r.canary_syscall_ns, 310);
  EXPECT_TRUE(r.disturbed);
}

TEST(InterferenceJson, OldResultsReadAsNotMeasured) {
  RunResult run = measured_run();
  model::Json json = model::to_json(run);
  json.at("cells").at(0).erase("interference");
  for (const char* key :
       {"clock_resolution_ns", "clock_overhead_ns", "disturbance_threshold", "foreign_processes"})
    json.at("context").erase(key);
  RunResult back;
  model::from_json(json, back);
  EXPECT_TRUE(back.cells.at(0).interference.empty());
  EXPECT_FALSE(back.cells.at(0).disturbed);
  EXPECT_DOUBLE_EQ(back.context.clock_resolution_ns, 0);
  EXPECT_DOUBLE_EQ(back.context.disturbance_threshold, 0.05);
  EXPECT_TRUE(back.context.foreign_processes.empty());
  // A cell with no measured round writes no interference object at all.
  run.cells[0].interference.clear();
  EXPECT_FALSE(model::to_json(run).at("cells").at(0).contains("interference"));
}

TEST(InterferenceSamples, TheLatestAttemptOfARoundSupersedesTheEarlierOnes) {
  TempDir dir;
  const auto path = dir.path() / "samples.jsonl";
  {
    report::SamplesWriter writer(path);
    const CellSpec cell = flower_cell(0);
    RoundInterference r;
    writer.write(cell, sample(0, 0, 1));  // round 0, kept
    r.round = 0;
    writer.write_interference(cell, r);
    writer.write(cell, sample(1, 0, 100));  // round 1, attempt 0: disturbed
    writer.write(cell, sample(1, 1, 100));
    r = disturbed_round();
    r.attempt = 0;
    writer.write_interference(cell, r);
    writer.write(cell, sample(1, 0, 2), 1);  // round 1, attempt 1: kept
    writer.write(cell, sample(1, 1, 3), 1);
    r.attempt = 1;
    r.disturbed = false;
    writer.write_interference(cell, r);
  }
  std::ifstream in(path);
  std::string first_retry_line;
  for (std::string line; std::getline(in, line);)
    if (line.find("\"attempt\":1,\"iteration\"") != std::string::npos) first_retry_line = line;
  EXPECT_FALSE(first_retry_line.empty()) << "retried samples carry their attempt";

  const auto samples = report::read_samples_jsonl(path);
  ASSERT_EQ(samples.at(0).size(), 3u);
  EXPECT_DOUBLE_EQ(samples.at(0)[0].metrics.at("dispatch_us"), 1);
  EXPECT_DOUBLE_EQ(samples.at(0)[1].metrics.at("dispatch_us"), 2);
  EXPECT_DOUBLE_EQ(samples.at(0)[2].metrics.at("dispatch_us"), 3);
}

TEST(InterferenceReports, DisturbedCellsAreMarkedAndExplained) {
  RunResult run = measured_run();
  for (auto& cell : run.cells)
    cell.metrics["dispatch_us"] = stats::summarize(std::vector<double>{5, 6, 5, 6, 5});
  const std::string md = report::format_summary_md(run);
  for (const char* part :
       {"## Interference", "- #0 flower libevent2 pipes=100: round 2: 40% of cpu 1",
        "round 2 retried 1 time", "cc1plus (42): 3.10 s", "**Disturbance threshold:** 10%", " !"})
    EXPECT_NE(md.find(part), std::string::npos) << part;
  const std::string console = report::format_console_tables(run);
  EXPECT_NE(console.find("] !"), std::string::npos);
  EXPECT_NE(console.find("! disturbed:"), std::string::npos);
  const std::string csv = report::format_summary_csv(run);
  EXPECT_NE(csv.find(",true,0.4,0.01,\"round 2: 40% of cpu 1"), std::string::npos);
}

TEST(InterferenceStore, VersionFourStoresRoundsAndContextAndReadsThemBack) {
  TempDir dir;
  const auto path = dir.path() / "h.db";
  const RunResult run = measured_run();
  rb::testing::store_run(path, run, "c");
  store::Database db = store::open_history_for_reading(path);
  EXPECT_GE(db.user_version(), 4);  // the version that brought cell_rounds, or a later one
  store::Statement rounds = db.prepare(
      "SELECT round, attempt, foreign_cpu_share, canary_syscall_ns, disturbed FROM cell_rounds "
      "ORDER BY round");
  ASSERT_TRUE(rounds.step());
  ASSERT_TRUE(rounds.step());
  EXPECT_EQ(rounds.column_int(0), 1);
  EXPECT_EQ(rounds.column_int(1), 1);
  EXPECT_DOUBLE_EQ(rounds.column_double(2), 0.4);
  EXPECT_DOUBLE_EQ(rounds.column_double(3), 310);
  EXPECT_EQ(rounds.column_int(4), 1);
  store::Statement columns = db.prepare(
      "SELECT c.disturbed, c.disturbance, r.clock_resolution_ns, r.foreign_processes FROM cells "
      "c JOIN runs r ON r.id = c.run_id");
  ASSERT_TRUE(columns.step());
  EXPECT_EQ(columns.column_int(0), 1);
  EXPECT_EQ(columns.column_text(1), run.cells[0].disturbance);
  EXPECT_DOUBLE_EQ(columns.column_double(2), 21);
  EXPECT_EQ(columns.column_text(3), "[\"cc1plus (42): 3.10 s\"]");

  const RunResult back = store::load_run(db, 1);
  EXPECT_EQ(back.context.foreign_processes, run.context.foreign_processes);
  EXPECT_DOUBLE_EQ(back.context.clock_overhead_ns, 19.5);
  ASSERT_EQ(back.cells.size(), 1u);
  EXPECT_TRUE(back.cells[0].disturbed);
  ASSERT_EQ(back.cells[0].interference.size(), 2u);
  EXPECT_DOUBLE_EQ(back.cells[0].interference[1].canary_cpu_ns, 1.25);
}

TEST(InterferenceStore, AVersionThreeDatabaseIsMigratedWithItsRunsIntact) {
  TempDir dir;
  const auto path = dir.path() / "v3.db";
  RunResult old = measured_run();
  old.cells[0].interference.clear();
  old.cells[0].disturbed = false;
  old.cells[0].disturbance.clear();
  {
    store::Database db(path, true);
    store::migrate_to(db, 3);
    // What a version-3 runner wrote: no interference in the result or the context.
    model::Json context = model::to_json(old.context);
    for (const char* key :
         {"clock_resolution_ns", "clock_overhead_ns", "disturbance_threshold", "foreign_processes"})
      context.erase(key);
    store::Statement run_row = db.prepare(
        "INSERT INTO runs (started_at, status, config_name, config_path, config_text, "
        "config_sha256, workload, plugins, git_revision, host, cpu_model, kernel, governor, "
        "context) VALUES ('2026-01-01T00:00:00Z', 'finished', 'old', 'old.toml', '', '', "
        "'flower', '[\"libevent2\"]', 'abc', 'h', 'cpu', 'k', 'g', ?1)");
    run_row.bind(1, model::dump_json(context));
    run_row.run();
    store::Statement cell_row = db.prepare(
        "INSERT INTO cells (run_id, cell_index, workload, plugin, params, params_label, status, "
        "reason, result) VALUES (1, 0, 'flower', 'libevent2', '{}', 'pipes=100', 'ok', '', ?1)");
    cell_row.bind(1, model::dump_json(model::to_json(old.cells[0])));
    cell_row.run();
  }
  store::Database db = store::open_history(path, false);
  EXPECT_EQ(db.user_version(), store::kSchemaVersion);
  store::Statement rows = db.prepare("SELECT COUNT(*) FROM cell_rounds");
  ASSERT_TRUE(rows.step());
  EXPECT_EQ(rows.column_int(0), 0);
  store::Statement columns = db.prepare(
      "SELECT c.disturbed, r.clock_resolution_ns FROM cells c JOIN runs r ON r.id = c.run_id");
  ASSERT_TRUE(columns.step());
  EXPECT_TRUE(columns.column_is_null(0));  // not measured, not "not disturbed"
  EXPECT_TRUE(columns.column_is_null(1));
  const RunResult back = store::load_run(db, 1);
  EXPECT_TRUE(back.cells.at(0).interference.empty());
  EXPECT_FALSE(back.cells.at(0).disturbed);
}

}  // namespace
}  // namespace rb
