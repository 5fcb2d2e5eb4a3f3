#include "exec/round_time_priors.h"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

#include "report/summary_json.h"
#include "stats/summary.h"
#include "workload/registry.h"

namespace rb::exec {

std::string round_time_key(const CellSpec& cell) {
  return fmt::format("{} {}", cell.plugin, cell.params_label());
}

std::optional<EarlierRoundTimes> earlier_round_times(const std::filesystem::path& results_root,
                                                     const std::string& config_stem,
                                                     const std::string& host,
                                                     const std::filesystem::path& exclude,
                                                     std::size_t max_dirs_read) {
  std::error_code ec;
  std::vector<std::filesystem::path> dirs;
  const std::string prefix = config_stem + "-";
  for (const auto& entry : std::filesystem::directory_iterator(results_root, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || !entry.is_directory(ec)) continue;
    if (!exclude.empty() && std::filesystem::equivalent(entry.path(), exclude, ec)) continue;
    dirs.push_back(entry.path());
  }
  // <stem>-<YYYYmmdd-HHMMSS>[-n]: the names sort by time.
  std::sort(dirs.begin(), dirs.end(), std::greater<>());
  std::size_t read = 0;
  for (const auto& dir : dirs) {
    const auto summary = dir / "summary.json";
    if (!std::filesystem::is_regular_file(summary, ec)) continue;
    if (read++ == max_dirs_read) break;
    RunResult run;
    try {
      run = report::read_summary_json(summary);
    } catch (const std::exception&) {
      continue;  // another runner's or a damaged file: not an estimate
    }
    if (run.context.host != host) continue;
    EarlierRoundTimes out;
    out.dir = dir;
    out.started_at = run.context.started_at;
    for (const CellResult& cell : run.cells) {
      if (cell.status != CellStatus::ok) continue;
      std::vector<double> walls;
      for (const RoundInterference& r : cell.interference)
        if (r.wall_s > 0) walls.push_back(r.wall_s);
      if (!walls.empty()) out.median_s[round_time_key(cell.cell)] = stats::median_of(walls);
    }
    if (!out.median_s.empty()) return out;
  }
  return std::nullopt;
}

RoundTimePriors round_time_priors(const config::TestPlan& plan,
                                  const std::vector<CellResult>& cells,
                                  const EarlierRoundTimes* earlier) {
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const int iterations = plan.run.warmup + plan.run.repetitions;
  RoundTimePriors out;
  out.seconds.resize(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (earlier != nullptr) {
      const auto it = earlier->median_s.find(round_time_key(cells[i].cell));
      if (it != earlier->median_s.end()) {
        out.seconds[i] = it->second;
        ++out.from_earlier;
        continue;
      }
    }
    if (workload == nullptr) continue;
    const auto planned = workload->planned_time(cells[i].cell, iterations);
    if (planned.count() > 0) {
      out.seconds[i] = std::chrono::duration<double>(planned).count();
      ++out.from_plan;
    }
  }
  return out;
}

}  // namespace rb::exec
