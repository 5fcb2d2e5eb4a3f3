#include "containment_support.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

namespace rbtest {

std::string two_plugin_config(const std::string& bad, int repetitions, const std::string& timeout) {
  return matrix_config("flower", fmt::format(R"("{}", "raw-epoll")", bad),
                       rbtest::run_lines(repetitions, timeout),
                       "pipes = [20]\nactive = [4]\nwrites = [10]");
}

MatrixRun run_matrix(const ScratchDir& dir, const std::string& config,
                     const std::vector<std::string>& extra_args) {
  MatrixRun run;
  run.out = dir.path() / "out";
  std::vector<std::string> args = {"run", dir.write("matrix.toml", config).string(), "--out",
                                   run.out.string()};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  run.output = run_runner(args);
  if (std::filesystem::exists(run.out / "summary.json"))
    run.summary = read_json(run.out / "summary.json");
  for (const auto& line : read_lines(run.out / "samples.jsonl")) {
    auto parsed = nlohmann::json::parse(line);  // throws on a corrupted line
    // Each round's interference record and the run's own records (its header, each cell's
    // result, its end) are the runner's lines, not the cell's output.
    const std::string event = parsed.value("event", "");
    if (event != "interference" && event != "run" && event != "cell_result" && event != "run_end")
      run.lines.push_back(std::move(parsed));
  }
  return run;
}

long samples_of(const MatrixRun& run, const std::string& plugin) {
  long count = 0;
  for (const auto& line : run.lines)
    if (line.value("plugin", "") == plugin && line.contains("metrics")) ++count;
  return count;
}

void expect_results_written(const MatrixRun& run) {
  for (const char* file : {"summary.json", "summary.csv", "summary.md", "samples.jsonl"})
    EXPECT_TRUE(std::filesystem::exists(run.out / file)) << file << "\n" << run.output.err;
}

void expect_good_plugin_completed(const MatrixRun& run, int repetitions) {
  ASSERT_FALSE(run.summary.is_null()) << run.output.err;
  const auto& good = cell_of(run.summary, "raw-epoll");
  EXPECT_EQ(good.at("status"), "ok") << good.dump();
  EXPECT_EQ(good.at("metrics").at("dispatch_us").at("n"), repetitions);
  EXPECT_EQ(samples_of(run, "raw-epoll"), repetitions);
}

void expect_ran_ok(const MatrixRun& run, const std::string& plugin) {
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err << run.output.out;
  const auto& cell = cell_of(run.summary, plugin);
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  EXPECT_EQ(samples_of(run, plugin), 4);
  expect_good_plugin_completed(run);
}

}  // namespace rbtest
