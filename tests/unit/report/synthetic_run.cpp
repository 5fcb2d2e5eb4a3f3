#include "synthetic_run.h"

#include <gtest/gtest.h>

#include <stdlib.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace rb::report::testing {

stats::Summary summary_of(double median, double ci_low, double ci_high, std::size_t n) {
  stats::Summary s;
  s.n = n;
  s.median = median;
  s.mean = median * 1.01;
  s.stddev = median * 0.05;
  s.cv = 0.05 / 1.01;
  s.min = median * 0.9;
  s.max = median * 1.3;
  s.q1 = median * 0.97;
  s.q3 = median * 1.03;
  s.ci_low = ci_low;
  s.ci_high = ci_high;
  s.fence_low = median * 0.88;
  s.fence_high = median * 1.12;
  s.outliers = {5};
  return s;
}

namespace {

CellSpec flower_cell(std::size_t index, const std::string& plugin, std::int64_t pipes) {
  return {index,
          "flower",
          plugin,
          {{"pipes", pipes},
           {"active", std::int64_t{100}},
           {"writes", std::int64_t{100}},
           {"transport", std::string("socketpair")}}};
}

CellResult ok_cell(std::size_t index, const std::string& plugin, std::int64_t pipes, double scale) {
  CellResult r;
  r.cell = flower_cell(index, plugin, pipes);
  r.metrics["setup_us"] = summary_of(10.04 * scale, 9.876 * scale, 10.26 * scale);
  r.metrics["dispatch_us"] = summary_of(123.45 * scale, 120.0 * scale, 126.66 * scale);
  r.metrics["total_us"] = summary_of(133.5 * scale, 130.0 * scale, 137.0 * scale);
  r.metrics["dispatch_us"].outliers.clear();
  r.counters = {{"reads", 200}, {"writes", 100}, {"loop_iterations", 7}};
  for (int i = 0; i < 2; ++i) {
    Sample s;
    s.round = 0;
    s.iteration = i + 1;
    s.metrics = {{"setup_us", 10.0 * scale + i}, {"dispatch_us", 120.0 * scale + i}};
    s.counters = {{"reads", 200}};
    r.samples.push_back(s);
  }
  r.rusage = {0.25, 0.125, 4096, 3, 1};
  r.rusage_per_round = {r.rusage};
  r.provenance = Provenance{"/opt/rb/plugins/" + plugin + ".so",
                            std::string(64, 'a'),
                            "1.0.0",
                            plugin == "libevent2" ? "libevent" : "linux epoll",
                            plugin == "libevent2" ? "2.1.12-stable" : "6.1",
                            0x10000,
                            "test plugin"};
  return r;
}

}  // namespace

RunResult two_plugins_two_points() {
  RunResult run;
  run.workload = "flower";
  run.plugins = {"libevent2", "raw-epoll"};
  run.context.host = "bench-host";
  run.context.kernel = "6.1.0-18-amd64 #1 SMP";
  run.context.cpu_model = "Test CPU @ 2.00GHz";
  run.context.cores = 2;
  run.context.governor = "";
  run.context.load_average = "0.50 0.40 0.30";
  run.context.compiler = "GNU 12.2.0";
  run.context.build_type = "RelWithDebInfo";
  run.context.git_revision = "abc1234-dirty";
  run.context.nofile_soft = 1024;
  run.context.nofile_hard = 20000;
  run.context.started_at = "2026-03-01T12:00:00Z";
  run.context.finished_at = "2026-03-01T12:05:00Z";
  run.context.command_line = "runner run configs/flower.toml --quick";
  run.context.config_path = "configs/flower.toml";
  run.context.runner_version = "1.0.0";

  run.cells.push_back(ok_cell(0, "libevent2", 100, 1.0));
  run.cells.push_back(ok_cell(1, "raw-epoll", 100, 0.5));
  run.cells.push_back(ok_cell(2, "libevent2", 1000, 10.0));
  CellResult skipped;
  skipped.cell = flower_cell(3, "raw-epoll", 1000);
  skipped.status = CellStatus::skipped;
  skipped.reason = "needs 2005 fds, hard limit 2000";
  run.cells.push_back(skipped);
  return run;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void expect_writes_what_it_formats(void (*write)(const RunResult&, const std::filesystem::path&),
                                   std::string (*format)(const RunResult&)) {
  ScratchDir dir;
  const RunResult run = two_plugins_two_points();
  write(run, dir.path() / "written");
  EXPECT_EQ(read_file(dir.path() / "written"), format(run));
}

}  // namespace rb::report::testing
