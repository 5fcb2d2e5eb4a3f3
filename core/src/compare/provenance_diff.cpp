#include "compare/provenance_diff.h"

#include <map>

#include <fmt/format.h>

namespace rb::compare {
namespace {

std::string shown(const std::string& value) {
  return value.empty() ? "(unknown)" : value;
}

void note_change(std::vector<std::string>& out, const std::string& what, const std::string& a,
                 const std::string& b) {
  if (a != b) out.push_back(fmt::format("{}: {} -> {}", what, shown(a), shown(b)));
}

}  // namespace

std::vector<std::string> provenance_changes(const std::optional<Provenance>& base,
                                            const std::optional<Provenance>& next) {
  std::vector<std::string> out;
  if (!base && !next) return out;
  if (!base || !next) {
    out.push_back(fmt::format("provenance missing in {}", base ? "the new run" : "the base"));
    return out;
  }
  if (base->sha256 != next->sha256)
    out.push_back(fmt::format("plugin .so changed (sha256 {} -> {})",
                              shown(base->sha256.substr(0, 12)),
                              shown(next->sha256.substr(0, 12))));
  note_change(out, "plugin version", base->plugin_version, next->plugin_version);
  const std::string library = next->library.empty() ? "library" : next->library;
  note_change(out, library + " version", base->library_version, next->library_version);
  note_change(out, "ABI", fmt::format("{:#x}", base->abi_version),
              fmt::format("{:#x}", next->abi_version));
  return out;
}

std::vector<std::string> cell_provenance_changes(const CellResult& base, const CellResult& next) {
  std::vector<std::string> out;
  if (base.provenance_by_role.empty() && next.provenance_by_role.empty())
    return provenance_changes(base.provenance, next.provenance);
  std::map<std::string, std::pair<std::optional<Provenance>, std::optional<Provenance>>> roles;
  for (const auto& [role, p] : base.provenance_by_role) roles[role].first = p;
  for (const auto& [role, p] : next.provenance_by_role) roles[role].second = p;
  for (const auto& [role, sides] : roles)
    for (const auto& change : provenance_changes(sides.first, sides.second))
      out.push_back(role + ": " + change);
  return out;
}

std::vector<std::string> context_changes(const RunContext& base, const RunContext& next) {
  std::vector<std::string> out;
  note_change(out, "host", base.host, next.host);
  note_change(out, "CPU", base.cpu_model, next.cpu_model);
  note_change(out, "kernel", base.kernel, next.kernel);
  note_change(out, "governor", base.governor, next.governor);
  note_change(out, "build type", base.build_type, next.build_type);
  note_change(out, "compiler", base.compiler, next.compiler);
  return out;
}

}  // namespace rb::compare
