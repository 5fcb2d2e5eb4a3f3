#include "workload/workload.h"

#include <fmt/format.h>

namespace rb::workload {

std::optional<std::string> Workload::skip_reason(const CellSpec& cell, long fd_hard_limit) const {
  const long needed = fds_needed(cell);
  if (needed > fd_hard_limit)
    return fmt::format("needs {} file descriptors; the hard limit (RLIMIT_NOFILE) is {}", needed,
                       fd_hard_limit);
  return std::nullopt;
}

}  // namespace rb::workload
