#include "proc/machine_warnings.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "proc/cpu_busy.h"
#include "proc/process_limits.h"

namespace rb::proc {
namespace {

// A sibling busier than this while sampled is "busy": above /proc/stat's one-tick rounding
// on a short sample and above a quiet machine's housekeeping.
constexpr double kBusySiblingShare = 0.10;
constexpr double kLoadPerCore = 0.5;

std::optional<std::string> first_line(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

std::filesystem::path cpu_dir(const MachineFiles& files, int cpu) {
  return files.sys / "devices/system/cpu" / ("cpu" + std::to_string(cpu));
}

std::optional<bool> read_turbo(const MachineFiles& files) {
  if (const auto no_turbo = first_line(files.sys / "devices/system/cpu/intel_pstate/no_turbo"))
    return *no_turbo == "0";
  if (const auto boost = first_line(files.sys / "devices/system/cpu/cpufreq/boost"))
    return *boost == "1";
  return std::nullopt;
}

// "always [madvise] never" -> "madvise".
std::string selected_mode(const std::string& line) {
  const auto open = line.find('[');
  const auto close = line.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return {};
  return line.substr(open + 1, close - open - 1);
}

double share_busy(const CpuTicks& before, const CpuTicks& after) {
  const double total = static_cast<double>(after.total() - before.total());
  return total > 0 ? static_cast<double>(after.busy() - before.busy()) / total : 0;
}

std::string cpu_list_text(const std::map<int, double>& siblings) {
  std::string out;
  for (const auto& [cpu, share] : siblings)
    out += fmt::format("{}cpu {} {:.0f}% busy", out.empty() ? "" : ", ", cpu, share * 100);
  return out;
}

}  // namespace

std::vector<int> parse_cpu_list(const std::string& text) {
  std::vector<int> cpus;
  std::stringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');) {
    int first = 0;
    int last = 0;
    char dash = 0;
    std::istringstream in(part);
    if (!(in >> first)) continue;
    if (in >> dash && dash == '-' && in >> last) {
      for (int cpu = first; cpu <= last && cpu - first < 4096; ++cpu) cpus.push_back(cpu);
    } else {
      cpus.push_back(first);
    }
  }
  return cpus;
}

MachineState read_machine_state(const std::string& build_type, const std::vector<int>& cpus,
                                int sample_ms, const MachineFiles& files) {
  MachineState state;
  state.build_type = build_type;
  const std::vector<int> pinned = cpus.empty() ? allowed_cpus() : cpus;
  for (const int cpu : pinned)
    if (const auto governor = first_line(cpu_dir(files, cpu) / "cpufreq/scaling_governor"))
      state.governors[cpu] = *governor;
  state.turbo = read_turbo(files);

  std::map<int, std::vector<int>> siblings;
  for (const int cpu : pinned) {
    const auto list = first_line(cpu_dir(files, cpu) / "topology/thread_siblings_list");
    if (!list) continue;
    for (const int sibling : parse_cpu_list(*list))
      if (std::find(pinned.begin(), pinned.end(), sibling) == pinned.end())
        siblings[cpu].push_back(sibling);
  }
  if (!siblings.empty()) {
    const auto before = read_proc_stat();
    std::this_thread::sleep_for(std::chrono::milliseconds(sample_ms));
    const auto after = read_proc_stat();
    for (const auto& [cpu, others] : siblings)
      for (const int sibling : others) {
        const auto b = before.find(sibling);
        const auto a = after.find(sibling);
        if (b != before.end() && a != after.end())
          state.busy_siblings[cpu][sibling] = share_busy(b->second, a->second);
      }
  }

  if (const auto loadavg = first_line(files.proc / "loadavg")) {
    std::istringstream in(*loadavg);
    in >> state.load_average;
  }
  state.online_cpus = std::max(1, static_cast<int>(allowed_cpus().size()));
  if (const auto thp = first_line(files.sys / "kernel/mm/transparent_hugepage/enabled"))
    state.transparent_hugepages = selected_mode(*thp);
  return state;
}

std::vector<std::string> measurement_warnings(const MachineState& state) {
  std::vector<std::string> warnings;
  if (state.build_type == "Debug" || state.build_type.empty())
    warnings.push_back(fmt::format(
        "the runner is a {} build: it and its plugins are not optimised, so the numbers are "
        "not the libraries' (scripts/runner builds the release preset)",
        state.build_type.empty() ? "unoptimised" : state.build_type));
  for (const auto& [cpu, governor] : state.governors)
    if (governor != "performance")
      warnings.push_back(fmt::format(
          "cpu {}: frequency governor '{}', not 'performance': the clock may change under "
          "a cell",
          cpu, governor));
  if (state.turbo.value_or(false))
    warnings.push_back(
        "turbo/boost is on: the clock depends on temperature and on the other cores' load");
  for (const auto& [cpu, siblings] : state.busy_siblings) {
    std::map<int, double> busy;
    for (const auto& [sibling, share] : siblings)
      if (share > kBusySiblingShare) busy[sibling] = share;
    if (!busy.empty())
      warnings.push_back(fmt::format(
          "cpu {}: its SMT sibling is busy ({}): they share one core's pipelines and caches", cpu,
          cpu_list_text(busy)));
  }
  if (state.load_average > kLoadPerCore * state.online_cpus)
    warnings.push_back(fmt::format(
        "load average {:.2f} on {} CPU(s), above {:.1f} per CPU: other work competes with the "
        "cells (each round's disturbance check says which it touched)",
        state.load_average, state.online_cpus, kLoadPerCore));
  if (state.transparent_hugepages == "always")
    warnings.push_back(
        "transparent huge pages are 'always': page faults cost differently from run to run");
  return warnings;
}

}  // namespace rb::proc
