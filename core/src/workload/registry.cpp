#include "workload/registry.h"

#include "workload/flower/entry.h"
#include "workload/notify/entry.h"
#include "workload/pingpong/entry.h"
#include "workload/rr/entry.h"

namespace rb::workload {

const std::vector<WorkloadEntry>& registry() {
  static const std::vector<WorkloadEntry> entries = {
      flower::entry(),
      notify::entry(),
      pingpong::entry(),
      rr::entry(),
  };
  return entries;
}

const WorkloadEntry* find_entry(std::string_view name) {
  for (const auto& entry : registry())
    if (entry.name == name) return &entry;
  return nullptr;
}

const WorkloadEntry* owner_of(std::string_view offered) {
  for (const auto& entry : registry()) {
    if (entry.name == offered) return &entry;
    for (const auto& part : entry.parts)
      if (part == offered) return &entry;
  }
  return nullptr;
}

const Workload* find_workload(std::string_view name) {
  const WorkloadEntry* entry = find_entry(name);
  return entry != nullptr ? entry->driver : nullptr;
}

const WorkloadSchema* find_workload_schema(std::string_view name) {
  const WorkloadEntry* entry = find_entry(name);
  return entry != nullptr ? &entry->schema : nullptr;
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  for (const auto& entry : registry()) names.push_back(entry.name);
  return names;
}

const std::vector<MetricInfo>& metrics_for_workload(std::string_view name) {
  static const std::vector<MetricInfo> none;
  const WorkloadEntry* entry = find_entry(name);
  return entry != nullptr ? entry->metrics : none;
}

const std::vector<Check>& all_checks() {
  static const std::vector<Check> checks = [] {
    std::vector<Check> all;
    for (const auto& entry : registry()) {
      auto suite = entry.checks();
      all.insert(all.end(), suite.begin(), suite.end());
    }
    return all;
  }();
  return checks;
}

void read_workload_tables(plugin::LoadedPlugin& plugin) {
  for (const auto& entry : registry())
    if (auto offered = entry.read_tables(plugin)) plugin.workloads.push_back(std::move(*offered));
}

plugin::LoadedPlugin load_plugin(const std::filesystem::path& so_path) {
  return plugin::load_plugin(so_path, read_workload_tables);
}

}  // namespace rb::workload
