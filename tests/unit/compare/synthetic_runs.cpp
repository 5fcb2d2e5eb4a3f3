#include "synthetic_runs.h"

#include <algorithm>
#include <fstream>
#include <random>

#include "exec/matrix_runner.h"
#include "report/samples_writer.h"
#include "report/summary_json.h"

namespace rb::testing {

RunResult synthetic_flower_run(const SyntheticOptions& options) {
  RunResult run;
  run.workload = "flower";
  run.plugins = options.plugins;
  run.context.host = "testhost";
  run.context.cpu_model = "Test CPU";
  run.context.cores = 2;
  run.context.kernel = "6.1.0-test";
  run.context.governor = "performance";
  run.context.load_average = "0.10 0.20 0.30";
  run.context.compiler = "GNU 12.2.0";
  run.context.build_type = "RelWithDebInfo";
  run.context.git_revision = "abc1234";
  run.context.started_at = "2026-03-01T02:00:00Z";
  run.context.finished_at = "2026-03-01T02:01:00Z";
  run.context.config_path = "configs/synthetic.toml";
  run.context.runner_version = "1.0.0";

  std::mt19937_64 engine(options.seed);
  std::normal_distribution<double> unit_noise(0, 1);
  std::size_t index = 0;
  for (std::int64_t pipes : {100, 1000}) {
    for (const auto& plugin : options.plugins) {
      CellResult cell;
      cell.cell.index = index++;
      cell.cell.workload = "flower";
      cell.cell.plugin = plugin;
      cell.cell.params = {{"pipes", pipes},
                          {"active", std::int64_t{100}},
                          {"writes", std::int64_t{100}},
                          {"transport", std::string("socketpair")}};
      const double setup = static_cast<double>(pipes) * options.scale;
      const double dispatch = 50.0 * options.scale;
      const std::size_t rounds = std::max<std::size_t>(1, options.rounds);
      const std::size_t per_round = (options.samples + rounds - 1) / rounds;
      double round_shift = 1;
      for (std::size_t i = 0; i < options.samples; ++i) {
        Sample s;
        s.round = static_cast<int>(i / per_round);
        s.iteration = static_cast<int>(i % per_round + 1);
        if (i % per_round == 0 && options.round_noise > 0)
          round_shift = 1 + options.round_noise * unit_noise(engine);
        s.metrics["setup_us"] = setup * round_shift * (1 + options.noise * unit_noise(engine));
        s.metrics["dispatch_us"] =
            dispatch * round_shift * (1 + options.noise * unit_noise(engine));
        s.metrics["total_us"] = s.metrics["setup_us"] + s.metrics["dispatch_us"];
        s.counters["reads"] = 200;
        cell.samples.push_back(std::move(s));
      }
      cell.rusage.user_s = 0.5;
      cell.rusage_per_round.push_back(cell.rusage);
      Provenance p;
      p.path = "/plugins/" + plugin + ".so";
      p.sha256 = options.sha256;
      p.plugin_version = "1.0.0";
      p.library = plugin == "libevent2" ? "libevent" : plugin;
      p.library_version = "2.1.12-stable";
      p.abi_version = 0x10001;
      cell.provenance = p;
      exec::summarise_cell(cell);
      run.cells.push_back(std::move(cell));
    }
  }
  return run;
}

void write_results_dir(const RunResult& run, const std::filesystem::path& dir,
                       const std::string& config_name) {
  std::filesystem::create_directories(dir);
  report::write_summary_json(run, dir / "summary.json");
  report::SamplesWriter samples(dir / "samples.jsonl");
  samples.write_run_header(run, run.cells.size());
  for (const auto& cell : run.cells) {
    for (const auto& s : cell.samples) samples.write(cell.cell, s);
    samples.write_cell_result(cell);
  }
  samples.write_run_end(run.context);
  std::ofstream(dir / "config.toml")
      << "name = \"" << config_name << "\"\nworkload = \"" << run.workload << "\"\n";
}

}  // namespace rb::testing
