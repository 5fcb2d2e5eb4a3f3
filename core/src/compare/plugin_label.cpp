#include "compare/plugin_label.h"

#include <algorithm>
#include <string_view>

namespace rb::compare {
namespace {

// "muduo/muduo" for "muduo": every role, separated by '/', the same plugin.
bool plays_every_role(std::string_view label, std::string_view name) {
  if (label.find('/') == std::string_view::npos) return false;
  while (true) {
    const auto slash = label.find('/');
    if (label.substr(0, slash) != name) return false;
    if (slash == std::string_view::npos) return true;
    label.remove_prefix(slash + 1);
  }
}

}  // namespace

std::optional<std::string> find_plugin_label(const RunResult& run, const std::string& name) {
  auto labelled = [&](auto&& matches) {
    return std::find_if(run.cells.begin(), run.cells.end(),
                        [&](const CellResult& c) { return matches(c.cell.plugin); });
  };
  if (labelled([&](const std::string& label) { return label == name; }) != run.cells.end())
    return name;
  if (name.find('/') != std::string::npos) return std::nullopt;
  const auto cell =
      labelled([&](const std::string& label) { return plays_every_role(label, name); });
  if (cell == run.cells.end()) return std::nullopt;
  return cell->cell.plugin;
}

}  // namespace rb::compare
