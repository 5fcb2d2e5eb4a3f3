#include "proc/tracefs.h"

#include <cstdlib>
#include <fstream>

namespace rb::proc {

std::vector<std::filesystem::path> tracefs_candidates() {
  if (const char* root = std::getenv("RB_TRACEFS"); root != nullptr && *root != '\0') return {root};
  return {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
}

std::optional<std::filesystem::path> find_tracefs() {
  for (const auto& root : tracefs_candidates()) {
    std::error_code ec;
    if (std::filesystem::is_directory(root / "events", ec)) return root;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> tracepoint_id(const std::filesystem::path& tracefs,
                                           const std::string& group, const std::string& name) {
  std::ifstream in(tracefs / "events" / group / name / "id");
  std::uint64_t id = 0;
  if (!(in >> id)) return std::nullopt;
  return id;
}

}  // namespace rb::proc
