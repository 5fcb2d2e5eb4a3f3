// The Google Benchmark export read by Google Benchmark's own tools/compare.py (Debian's
// libbenchmark-tools, which scripts/lib/setup.sh installs): its reader (gbench.util) loads
// and sorts the file, its report pairs every benchmark of a baseline with the contender's
// and says how much each moved - the times, the throughputs (as time per unit), the label
// that marks a disturbed cell, and the counters that carry req/s and MiB/s.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "../../support/capability.h"
#include "../../support/scratch_dir.h"
#include "../../support/shell.h"
#include "exec/cell_summary.h"
#include "export/google_benchmark.h"
#include "synthetic_runs.h"

namespace rb::exporting {
namespace {

using model::Json;

constexpr const char* kComparePy = "/usr/share/benchmark/compare.py";
constexpr const char* kPython = "/usr/bin/python3";

// rr-like cells (the synthetic flower run's, renamed): p50_us as flower's setup_us, a rate
// (requests_per_s, a million over it), and two metrics rr does not count among its headline
// ones; `scale` times slower; the first cell disturbed.
RunResult rr_run_with_a_rate(double scale) {
  rb::testing::SyntheticOptions o;
  o.samples = 12;
  o.scale = scale;
  o.noise = 0.001;
  RunResult run = rb::testing::synthetic_flower_run(o);
  run.workload = "rr";
  for (auto& cell : run.cells) {
    cell.cell.workload = "rr";
    for (auto& s : cell.samples) {
      const double p50 = s.metrics.at("setup_us");
      s.metrics = {{"p50_us", p50},
                   {"requests_per_s", 1e6 / p50},
                   {"client_cpu_util", 0.5},
                   {"seconds", 1.0}};
    }
    exec::summarise_cell(cell);
  }
  run.cells[0].disturbed = true;
  run.cells[0].disturbance = "round 2: other work took 40% of the cell's CPUs";
  return run;
}

std::filesystem::path write_export(const rbtest::ScratchDir& dir, const std::string& name,
                                   double scale) {
  std::vector<std::string> skipped;
  // By default: rr's headline metrics, so neither client_cpu_util nor seconds.
  const Json j = google_benchmark_json(rr_run_with_a_rate(scale), {}, skipped);
  EXPECT_TRUE(skipped.empty());
  const auto path = dir.path() / name;
  std::ofstream(path) << j.dump(2);
  return path;
}

// compare.py's reader and report, as compare.py calls them, dumped as JSON.
const char* kReadAndCompare = R"(
import json, sys
sys.path.insert(0, '/usr/share/benchmark')
from gbench import util, report
base = util.sort_benchmark_results(util.load_benchmark_results(sys.argv[1]))
new = util.sort_benchmark_results(util.load_benchmark_results(sys.argv[2]))
counters = {b['name']: b.get('items_per_second') for b in base['benchmarks']}
print(json.dumps({'report': report.get_difference_report(base, new, utest=True),
                  'counters': counters}))
)";

TEST(GoogleBenchmarkReader, ComparePyPairsEveryBenchmarkAndSeesTheChange) {
  if (!std::filesystem::exists(kComparePy) || !std::filesystem::exists(kPython))
    RB_SKIP_WITHOUT("libbenchmark-tools") << kComparePy << " (Debian's libbenchmark-tools)";
  rbtest::ScratchDir dir;
  const auto base = write_export(dir, "base.json", 1.0);
  const auto slower = write_export(dir, "slower.json", 1.2);
  const auto script = dir.write("read.py", kReadAndCompare);
  const auto read = rbtest::sh(std::string(kPython) + " " + script.string() + " " + base.string() +
                               " " + slower.string() + " 2>/dev/null");
  ASSERT_EQ(read.exit_code, 0) << read.output;
  const Json out = Json::parse(read.output);
  std::map<std::string, Json> rows;
  for (const auto& row : out.at("report")) rows[row.at("name")] = row;
  // Four cells x two metrics x (12 repetitions under one name + 4 aggregates) + geomean.
  EXPECT_EQ(rows.size(), 4u * 2u * 5u + 1u);
  for (const char* name :
       {"rr/muduo/pipes:1000/p50_us_median", "rr/muduo/pipes:1000/requests_per_s_median"}) {
    ASSERT_EQ(rows.count(name), 1u) << name;
    const Json& m = rows.at(name).at("measurements").at(0);
    // 20% slower: the time up 20%, the rate down to 1/1.2, so its time per request up 20%.
    EXPECT_NEAR(m.at("time").get<double>(), 0.2, 0.01) << name;
    EXPECT_NEAR(m.at("cpu").get<double>(), 0.2, 0.01) << name;
    EXPECT_EQ(rows.at(name).at("label"), "");
  }
  EXPECT_EQ(rows.at("rr/libevent2/pipes:100/p50_us").at("label"),
            "disturbed: round 2: other work took 40% of the cell's CPUs");
  EXPECT_EQ(rows.at("rr/libevent2/pipes:100/p50_us").at("utest").at("nr_of_repetitions"), 12);
  for (const auto& [name, row] : rows) EXPECT_EQ(name.find("client_cpu_util"), std::string::npos);
  // The counter compare.py's reader keeps: req/s as items_per_second, on every entry.
  EXPECT_NEAR(out.at("counters").at("rr/muduo/pipes:1000/p50_us_median").get<double>(), 1000.0,
              1.0);
}

TEST(GoogleBenchmarkReader, ComparePyPrintsItsTableOfOurExport) {
  if (!std::filesystem::exists(kComparePy) || !std::filesystem::exists(kPython))
    RB_SKIP_WITHOUT("libbenchmark-tools") << kComparePy << " (Debian's libbenchmark-tools)";
  rbtest::ScratchDir dir;
  const auto base = write_export(dir, "base.json", 1.0);
  const auto slower = write_export(dir, "slower.json", 1.2);
  const auto table =
      rbtest::sh(std::string(kPython) + " " + kComparePy + " --no-color -a benchmarks " +
                 base.string() + " " + slower.string());
  ASSERT_EQ(table.exit_code, 0) << table.output;
  EXPECT_NE(table.output.find("rr/muduo/pipes:1000/requests_per_s_median"), std::string::npos)
      << table.output;
  EXPECT_NE(table.output.find("+0.2000"), std::string::npos) << table.output;
}

}  // namespace
}  // namespace rb::exporting
