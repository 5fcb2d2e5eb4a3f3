// scripts/plot.py on the summary.json the runner writes for an rr run: its figure draws what
// the rr entry of the workload registry says (latency percentiles and requests/s against
// connections), never the client's CPU, and plot.py has no list of workloads of its own.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "../../support/capability.h"
#include "../../support/scratch_dir.h"
#include "../../support/shell.h"
#include "exec/cell_summary.h"
#include "report/summary_json.h"

namespace rb::report {
namespace {

constexpr const char* kPython = "/usr/bin/python3";

// Two plugins at 1 and 100 connections, closed loop: three load runs a round, two rounds.
RunResult rr_run() {
  RunResult run;
  run.workload = "rr";
  run.plugins = {"muduo-style", "libuv"};
  std::size_t index = 0;
  for (const std::string plugin : {"muduo-style", "libuv"}) {
    for (const std::int64_t connections : {1, 100}) {
      CellResult cell;
      cell.cell = {
          index++, "rr", plugin, {{"connections", connections}, {"load_percent", std::int64_t{0}}}};
      cell.status = CellStatus::ok;
      for (int i = 0; i < 6; ++i) {
        Sample s;
        s.round = i / 3;
        s.iteration = i % 3 + 1;
        const double p50 = 20.0 * static_cast<double>(connections) + i;
        s.metrics = {{"p50_us", p50},          {"p99_us", 3 * p50},
                     {"p999_us", 5 * p50},     {"requests_per_s", 1e6 / p50},
                     {"client_cpu_util", 0.9}, {"server_cpu_us_per_request", 8.0},
                     {"seconds", 1.0}};
        cell.samples.push_back(s);
      }
      exec::summarise_cell(cell);
      run.cells.push_back(std::move(cell));
    }
  }
  return run;
}

TEST(PlotRr, TheFigureOfAnRrRunDrawsLatencyPercentilesAndRequestsPerSecond) {
  if (rbtest::sh(std::string(kPython) + " -c 'import matplotlib' 2>&1").exit_code != 0)
    RB_SKIP_WITHOUT("python3") << kPython << " with matplotlib (Debian's python3-matplotlib)";
  const rbtest::ScratchDir dir;
  dir.write("summary.json", format_summary_json(rr_run()));
  const auto plot = rbtest::sh(std::string(kPython) + " " + RB_PLOT_SCRIPT + " " +
                               dir.path().string() + " --describe");
  ASSERT_EQ(plot.exit_code, 0) << plot.output;
  EXPECT_EQ(plot.output,
            "rr: requests_per_s  load_percent = 0 | x: connections | y: requests_per_s (req/s)\n"
            "rr: p50_us  load_percent = 0 | x: connections | y: p50_us (µs)\n"
            "rr: p99_us  load_percent = 0 | x: connections | y: p99_us (µs)\n"
            "rr: p999_us  load_percent = 0 | x: connections | y: p999_us (µs)\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "plots"));  // --describe writes nothing
}

}  // namespace
}  // namespace rb::report
