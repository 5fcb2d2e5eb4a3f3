#include "model/interference_json.h"

#include <algorithm>

namespace rb::model {

Json to_json(const RoundInterference& r) {
  return Json{{"round", r.round},
              {"attempt", r.attempt},
              {"cpus", r.cpus},
              {"foreign_cpu_share", r.foreign_cpu_share},
              {"steal_share", r.steal_share},
              {"load_average", r.load_average},
              {"canary_cpu_ns", r.canary_cpu_ns},
              {"canary_syscall_ns", r.canary_syscall_ns},
              {"wall_s", r.wall_s},
              {"disturbed", r.disturbed}};
}

void from_json(const JsonField& j, RoundInterference& r) {
  r.round = j.at("round").get<int>();
  r.attempt = j.value("attempt", 0);
  r.cpus = j.value("cpus", std::vector<int>{});
  r.foreign_cpu_share = j.at("foreign_cpu_share").get<double>();
  r.steal_share = j.at("steal_share").get<double>();
  r.load_average = j.value("load_average", 0.0);
  r.canary_cpu_ns = j.value("canary_cpu_ns", 0.0);
  r.canary_syscall_ns = j.value("canary_syscall_ns", 0.0);
  r.wall_s = j.value("wall_s", 0.0);
  r.disturbed = j.at("disturbed").get<bool>();
}

Json cell_interference_to_json(const CellResult& cell) {
  if (cell.interference.empty()) return nullptr;
  double foreign = 0, steal = 0;
  Json rounds = Json::array();
  for (const auto& r : cell.interference) {
    foreign = std::max(foreign, r.foreign_cpu_share);
    steal = std::max(steal, r.steal_share);
    rounds.push_back(to_json(r));
  }
  return Json{{"max_foreign_cpu_share", foreign},
              {"max_steal_share", steal},
              {"disturbed", cell.disturbed},
              {"disturbance", cell.disturbance},
              {"rounds", std::move(rounds)}};
}

void cell_interference_from_json(const JsonField& cell_json, CellResult& cell) {
  cell.interference.clear();
  cell.disturbed = false;
  cell.disturbance.clear();
  const auto it = cell_json.find("interference");
  if (!it) return;
  cell.disturbed = it->at("disturbed").get<bool>();
  cell.disturbance = it->value("disturbance", "");
  for (const auto& round : it->at("rounds").elements())
    from_json(round, cell.interference.emplace_back());
}

void add_machine_fields(const RunContext& c, Json& out) {
  out["clock_resolution_ns"] = c.clock_resolution_ns;
  out["clock_overhead_ns"] = c.clock_overhead_ns;
  out["disturbance_threshold"] = c.disturbance_threshold;
  out["foreign_processes"] = c.foreign_processes;
  out["machine_warnings"] = c.machine_warnings;
}

void read_machine_fields(const JsonField& j, RunContext& c) {
  const RunContext defaults;
  c.clock_resolution_ns = j.value("clock_resolution_ns", defaults.clock_resolution_ns);
  c.clock_overhead_ns = j.value("clock_overhead_ns", defaults.clock_overhead_ns);
  c.disturbance_threshold = j.value("disturbance_threshold", defaults.disturbance_threshold);
  c.foreign_processes = j.value("foreign_processes", defaults.foreign_processes);
  c.machine_warnings = j.value("machine_warnings", defaults.machine_warnings);
}

}  // namespace rb::model
