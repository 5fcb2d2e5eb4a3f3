#include "config/test_plan.h"

#include <algorithm>

namespace rb::config {

std::size_t TestPlan::point_count() const {
  std::size_t count = 1;
  for (const auto& axis : axes) count *= axis.values.size();
  return count;
}

std::vector<std::string> TestPlan::columns() const {
  if (pairs.empty()) return plugins;
  std::vector<std::string> labels;
  for (const auto& pair : pairs) labels.push_back(pair.label());
  return labels;
}

rb::PluginSetup TestPlan::setup_of(const std::string& plugin) const {
  rb::PluginSetup setup;
  const auto base = variant_bases.find(plugin);
  setup.base = base != variant_bases.end() ? base->second : plugin;
  if (const auto options = plugin_options.find(plugin); options != plugin_options.end())
    setup.options = options->second;
  if (const auto path = variant_paths.find(plugin); path != variant_paths.end())
    setup.path = path->second;
  return setup;
}

std::vector<std::string> TestPlan::base_plugins() const {
  std::vector<std::string> out;
  for (const auto& plugin : plugins) {
    if (variant_paths.contains(plugin) || servers.contains(plugin)) continue;
    std::string base = setup_of(plugin).base;
    if (std::find(out.begin(), out.end(), base) == out.end()) out.push_back(std::move(base));
  }
  return out;
}

std::optional<ExternalServer> TestPlan::external_server(const std::string& server) const {
  const auto it = servers.find(server);
  if (it == servers.end()) return std::nullopt;
  return it->second;
}

std::vector<rb::CellSpec> TestPlan::cells() const {
  std::vector<rb::CellSpec> out;
  const std::size_t points = point_count();
  const std::size_t per_point = pairs.empty() ? plugins.size() : pairs.size();
  if (points == 0 || per_point == 0) return out;
  out.reserve(points * per_point);

  // An odometer over the axes: the last axis turns fastest, so the first is outermost.
  std::vector<std::size_t> digit(axes.size(), 0);
  for (std::size_t point = 0; point < points; ++point) {
    std::vector<rb::Param> params;
    params.reserve(axes.size());
    for (std::size_t a = 0; a < axes.size(); ++a)
      params.push_back({axes[a].name, axes[a].values[digit[a]]});

    if (pairs.empty()) {
      for (const auto& plugin : plugins) {
        rb::CellSpec cell;
        cell.index = out.size();
        cell.workload = workload;
        cell.plugin = plugin;
        cell.setup = setup_of(plugin);
        cell.external_server = external_server(plugin);
        cell.params = params;
        out.push_back(std::move(cell));
      }
    }
    for (const auto& pair : pairs) {
      rb::CellSpec cell;
      cell.index = out.size();
      cell.workload = workload;
      cell.plugin = pair.label();
      cell.role_plugins = {{"server", pair.server}, {"client", pair.client}};
      cell.role_setups = {{"server", setup_of(pair.server)}, {"client", setup_of(pair.client)}};
      cell.external_server = external_server(pair.server);
      cell.params = params;
      out.push_back(std::move(cell));
    }

    for (std::size_t a = axes.size(); a-- > 0;) {
      if (++digit[a] < axes[a].values.size()) break;
      digit[a] = 0;
    }
  }
  return out;
}

}  // namespace rb::config
