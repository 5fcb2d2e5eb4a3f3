#include "proc/foreign_processes.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "proc/cpu_busy.h"

namespace rb::proc {
namespace {

// Whether `pid` is `self` or descends from it, by the ppid links of `parents`.
bool is_ours(pid_t pid, pid_t self, const std::map<pid_t, pid_t>& parents) {
  std::set<pid_t> seen;  // a pid reused into its own ancestry must not loop forever
  while (pid > 1 && seen.insert(pid).second) {
    if (pid == self) return true;
    const auto it = parents.find(pid);
    if (it == parents.end()) return false;
    pid = it->second;
  }
  return false;
}

}  // namespace

std::map<pid_t, ProcessStat> read_all_process_stats() {
  std::map<pid_t, ProcessStat> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::all_of(name.begin(), name.end(),
                                     [](unsigned char c) { return std::isdigit(c) != 0; }))
      continue;
    std::ifstream in(entry.path() / "stat");
    std::string line;
    if (!std::getline(in, line)) continue;  // gone already
    if (auto stat = parse_process_stat(line)) out[stat->pid] = std::move(*stat);
  }
  return out;
}

ForeignProcessCensus::ForeignProcessCensus() : before_(read_all_process_stats()) {
  for (const auto& [pid, stat] : before_) latest_[{pid, stat.start_time}] = stat;
  last_read_ = std::chrono::steady_clock::now();
}

void ForeignProcessCensus::read_now() {
  for (auto& [pid, stat] : read_all_process_stats()) latest_[{pid, stat.start_time}] = stat;
  last_read_ = std::chrono::steady_clock::now();
}

void ForeignProcessCensus::observe() {
  if (std::chrono::steady_clock::now() - last_read_ >= std::chrono::seconds(1)) read_now();
}

std::vector<std::string> ForeignProcessCensus::top(std::size_t count) {
  read_now();
  std::vector<ProcessStat> latest;
  latest.reserve(latest_.size());
  for (const auto& [key, stat] : latest_) latest.push_back(stat);
  return rank(before_, latest, ::getpid(), count, ticks_per_second());
}

std::vector<std::string> ForeignProcessCensus::rank(const std::map<pid_t, ProcessStat>& before,
                                                    const std::vector<ProcessStat>& latest,
                                                    pid_t self, std::size_t count,
                                                    double ticks_per_s) {
  // Each pid's newest process's parent: the ancestry as it stands.
  std::map<pid_t, std::pair<unsigned long long, pid_t>> newest;
  for (const auto& stat : latest) {
    auto& slot = newest[stat.pid];
    if (stat.start_time >= slot.first) slot = {stat.start_time, stat.ppid};
  }
  std::map<pid_t, pid_t> parents;
  for (const auto& [pid, entry] : newest) parents[pid] = entry.second;

  std::vector<std::pair<unsigned long long, const ProcessStat*>> used;
  for (const auto& now : latest) {
    const pid_t pid = now.pid;
    if (is_ours(pid, self, parents)) continue;
    unsigned long long ticks = now.cpu_ticks;
    // The same process seen at the start: only what it used since. A new one (or a reused
    // pid) started during the run, so all of its time is the run's.
    if (const auto it = before.find(pid);
        it != before.end() && it->second.start_time == now.start_time)
      ticks = now.cpu_ticks >= it->second.cpu_ticks ? now.cpu_ticks - it->second.cpu_ticks : 0;
    if (ticks > 0) used.emplace_back(ticks, &now);
  }
  std::stable_sort(used.begin(), used.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < used.size() && i < count; ++i)
    out.push_back(fmt::format("{} ({}): {:.2f} s", used[i].second->comm, used[i].second->pid,
                              static_cast<double>(used[i].first) / ticks_per_s));
  return out;
}

}  // namespace rb::proc
