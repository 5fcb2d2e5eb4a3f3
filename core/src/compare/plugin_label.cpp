#include "compare/plugin_label.h"

#include <algorithm>
#include <string_view>

#include "model/plugin_renames.h"

namespace rb::compare {
namespace {

// "libuv/libuv" for "libuv": every role, separated by '/', the same plugin.
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
  // Labels by their plugins' current names: "muduo" finds "muduo-style" cells, and back.
  auto labelled = [&](auto&& matches) {
    return std::find_if(run.cells.begin(), run.cells.end(), [&](const CellResult& c) {
      return matches(current_plugin_label(c.cell.plugin));
    });
  };
  const std::string current = current_plugin_label(name);
  if (const auto cell = labelled([&](const std::string& label) { return label == current; });
      cell != run.cells.end())
    return cell->cell.plugin;
  if (name.find('/') != std::string::npos) return std::nullopt;
  const auto cell =
      labelled([&](const std::string& label) { return plays_every_role(label, current); });
  if (cell == run.cells.end()) return std::nullopt;
  return cell->cell.plugin;
}

}  // namespace rb::compare
