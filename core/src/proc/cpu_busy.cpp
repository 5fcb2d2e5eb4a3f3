#include "proc/cpu_busy.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace rb::proc {
namespace {

bool parse_number(std::string_view text, std::uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// "cpu3 1 2 3 ..." -> 3 and the fields; false for "cpu " (the total) and any other line.
bool parse_cpu_line(std::string_view line, int& cpu, CpuTicks& ticks) {
  if (line.substr(0, 3) != "cpu" || line.size() < 4 || line[3] < '0' || line[3] > '9') return false;
  std::istringstream fields{std::string(line.substr(3))};
  std::string word;
  if (!(fields >> word)) return false;
  std::uint64_t number = 0;
  if (!parse_number(word, number)) return false;
  cpu = static_cast<int>(number);
  std::uint64_t* slots[] = {&ticks.user,   &ticks.nice, &ticks.system,  &ticks.idle,
                            &ticks.iowait, &ticks.irq,  &ticks.softirq, &ticks.steal};
  for (std::uint64_t* slot : slots) {
    if (!(fields >> word)) break;
    if (!parse_number(word, *slot)) return false;
  }
  return true;
}

// A counter read twice; 0 if it went backwards (a CPU taken offline and back resets it).
double delta(std::uint64_t before, std::uint64_t after) {
  return after >= before ? static_cast<double>(after - before) : 0.0;
}

}  // namespace

std::map<int, CpuTicks> parse_proc_stat(std::string_view text) {
  std::map<int, CpuTicks> out;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    int cpu = 0;
    CpuTicks ticks;
    if (parse_cpu_line(line, cpu, ticks)) out[cpu] = ticks;
  }
  return out;
}

std::map<int, CpuTicks> read_proc_stat() {
  std::ifstream in("/proc/stat");
  if (!in) return {};
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return parse_proc_stat(text);
}

double ticks_per_second() {
  const long ticks = ::sysconf(_SC_CLK_TCK);
  return ticks > 0 ? static_cast<double>(ticks) : 100.0;
}

CpuShares cpu_shares(const std::map<int, CpuTicks>& before, const std::map<int, CpuTicks>& after,
                     const std::vector<int>& cpus, double wall_s, double own_s,
                     double ticks_per_s) {
  CpuShares out;
  if (cpus.empty() || wall_s <= 0 || ticks_per_s <= 0) return out;
  double busy = 0, steal = 0, total = 0;
  for (int cpu : cpus) {
    const auto b = before.find(cpu);
    const auto a = after.find(cpu);
    if (b == before.end() || a == after.end()) return out;
    busy += delta(b->second.busy(), a->second.busy());
    steal += delta(b->second.steal, a->second.steal);
    total += delta(b->second.total(), a->second.total());
  }
  const double n = static_cast<double>(cpus.size());
  const double foreign_s = busy / ticks_per_s - std::max(own_s, 0.0) - n / ticks_per_s;
  out.foreign_cpu_share = std::max(foreign_s, 0.0) / (wall_s * n);
  out.steal_share = total > 0 ? steal / total : 0.0;
  out.known = true;
  return out;
}

}  // namespace rb::proc
