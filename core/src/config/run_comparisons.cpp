#include "config/run_comparisons.h"

#include <algorithm>

namespace rb::config {
namespace {

std::string base_of(const TestPlan& plan, const std::string& plugin) {
  const auto found = plan.variant_bases.find(plugin);
  return found == plan.variant_bases.end() ? plugin : found->second;
}

// The column a column varies: its own base, or a pair's with each side's base.
std::string base_column(const TestPlan& plan, std::size_t column) {
  if (plan.pairs.empty()) return base_of(plan, plan.plugins[column]);
  const PluginPair& pair = plan.pairs[column];
  return PluginPair{base_of(plan, pair.server), base_of(plan, pair.client)}.label();
}

}  // namespace

std::vector<RunComparisonPair> run_comparisons(const TestPlan& plan) {
  const std::vector<std::string> columns = plan.columns();
  std::vector<RunComparisonPair> out;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::string base = base_column(plan, i);
    if (base != columns[i] && std::find(columns.begin(), columns.end(), base) != columns.end())
      out.push_back({base, columns[i]});
  }
  if (!out.empty()) return out;
  for (std::size_t i = 1; i < columns.size(); ++i) out.push_back({columns[0], columns[i]});
  return out;
}

}  // namespace rb::config
