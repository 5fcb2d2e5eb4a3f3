#include "exec/round_time_priors.h"

#include <fmt/format.h>

#include <algorithm>
#include <compare>
#include <string_view>
#include <system_error>
#include <utility>

#include "report/summary_json.h"
#include "stats/summary.h"
#include "workload/registry.h"

namespace rb::exec {

std::string round_time_key(const CellSpec& cell) {
  return fmt::format("{} {}", cell.plugin, cell.params_label());
}

namespace {

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// When a results directory was made: its UTC second, then the same second's count.
struct RunDirStamp {
  std::string second;  // YYYYmmdd-HHMMSS
  long same_second = 1;
  auto operator<=>(const RunDirStamp&) const = default;
};

// Of "<stem>-YYYYmmdd-HHMMSS" or "...-N" (cli/results_out.cpp): not flower-quick's for flower.
std::optional<RunDirStamp> run_dir_stamp(std::string_view name, std::string_view stem) {
  if (name.size() <= stem.size() + 1 || !name.starts_with(stem) || name[stem.size()] != '-')
    return std::nullopt;
  const std::string_view stamp = name.substr(stem.size() + 1);
  constexpr std::size_t kDate = 8, kTime = 6, kSecond = kDate + 1 + kTime;
  if (stamp.size() < kSecond || stamp[kDate] != '-' || !all_digits(stamp.substr(0, kDate)) ||
      !all_digits(stamp.substr(kDate + 1, kTime)))
    return std::nullopt;
  RunDirStamp out{std::string(stamp.substr(0, kSecond))};
  const std::string_view count = stamp.substr(kSecond);
  if (count.empty()) return out;
  if (count[0] != '-' || !all_digits(count.substr(1)) || count.size() > 10) return std::nullopt;
  out.same_second = std::stol(std::string(count.substr(1)));
  return out;
}

}  // namespace

std::optional<EarlierRoundTimes> earlier_round_times(const std::filesystem::path& results_root,
                                                     const std::string& config_stem,
                                                     const std::string& host,
                                                     const std::filesystem::path& exclude,
                                                     std::size_t max_dirs_read) {
  std::error_code ec;
  std::vector<std::pair<RunDirStamp, std::filesystem::path>> dirs;
  for (const auto& entry : std::filesystem::directory_iterator(results_root, ec)) {
    const auto stamp = run_dir_stamp(entry.path().filename().string(), config_stem);
    if (!stamp || !entry.is_directory(ec)) continue;
    if (!exclude.empty() && std::filesystem::equivalent(entry.path(), exclude, ec)) continue;
    dirs.emplace_back(*stamp, entry.path());
  }
  std::sort(dirs.begin(), dirs.end(), std::greater<>());  // the newest first
  std::size_t read = 0;
  for (const auto& candidate : dirs) {
    const std::filesystem::path& dir = candidate.second;
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
    if (cells[i].status != CellStatus::ok) continue;  // skipped or failed: never runs
    if (earlier != nullptr) {
      const auto it = earlier->median_s.find(round_time_key(cells[i].cell));
      if (it != earlier->median_s.end()) {
        out.seconds[i] = it->second;
        ++out.from_earlier;
        continue;
      }
    }
    if (workload == nullptr) continue;
    const auto planned = workload->expected_time(cells[i].cell, iterations);
    if (planned.count() > 0) {
      out.seconds[i] = std::chrono::duration<double>(planned).count();
      ++out.from_plan;
    }
  }
  return out;
}

}  // namespace rb::exec
