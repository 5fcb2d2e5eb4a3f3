#include "workload/registry.h"

namespace rb::workload {

// Each defined in workload/<name>/entry.cpp.
WorkloadEntry flower_entry();
WorkloadEntry notify_entry();
WorkloadEntry pingpong_entry();
WorkloadEntry rr_entry();

const std::vector<WorkloadEntry>& registry() {
  static const std::vector<WorkloadEntry> entries = {
      flower_entry(),
      notify_entry(),
      pingpong_entry(),
      rr_entry(),
  };
  return entries;
}

WorkloadEntry make_entry(const Workload& driver, WorkloadSchema schema,
                         std::vector<MetricInfo> metrics, MetricRoles roles,
                         std::optional<std::string> (*read_tables)(plugin::LoadedPlugin&),
                         std::vector<Check> (*checks)()) {
  WorkloadEntry entry;
  entry.name = std::string(driver.name());
  entry.schema = std::move(schema);
  entry.metrics = std::move(metrics);
  entry.roles = std::move(roles);
  entry.read_tables = read_tables;
  entry.driver = &driver;
  entry.checks = checks;
  return entry;
}

std::vector<rb::Param> server_cell_params(const WorkloadEntry& entry,
                                          const std::vector<rb::Param>& given) {
  const auto value_in = [](const std::vector<rb::Param>& params,
                           const std::string& name) -> const rb::ParamValue* {
    for (const auto& param : params)
      if (param.name == name) return &param.value;
    return nullptr;
  };
  std::vector<rb::Param> params;
  for (const auto& axis : entry.schema.axes) {
    if (const rb::ParamValue* value = value_in(given, axis.name)) {
      params.push_back({axis.name, *value});
    } else if (const rb::ParamValue* serving = value_in(entry.server_params, axis.name)) {
      params.push_back({axis.name, *serving});
    } else if (!axis.default_values.empty()) {
      params.push_back({axis.name, axis.default_values.front()});
    } else if (!axis.quick_values.empty()) {
      params.push_back({axis.name, axis.quick_values.front()});
    } else if (!axis.choices.empty()) {
      params.push_back({axis.name, axis.choices.front()});
    } else if (axis.kind == AxisSchema::Kind::duration) {
      params.push_back({axis.name, std::to_string(axis.min) + "ms"});
    } else {
      params.push_back({axis.name, axis.min});
    }
  }
  return params;
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

const MetricInfo* iteration_metric_for(std::string_view name) {
  const WorkloadEntry* entry = find_entry(name);
  if (entry == nullptr) return nullptr;
  for (const auto& info : entry->metrics)
    if (info.name == entry->roles.iteration_metric) return &info;
  return nullptr;
}

std::vector<std::string> option_tables() {
  std::vector<std::string> tables;
  for (const auto& entry : registry())
    tables.insert(tables.end(), entry.schema.abi_tables.begin(), entry.schema.abi_tables.end());
  return tables;
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

plugin::WorkloadTables workload_tables() {
  return {read_workload_tables, option_tables()};
}

plugin::LoadedPlugin load_plugin(const std::filesystem::path& so_path) {
  return plugin::load_plugin(so_path, workload_tables());
}

}  // namespace rb::workload
