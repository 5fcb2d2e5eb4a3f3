#include "workload/workload.h"

#include <fmt/format.h>

#include "workload/flower.h"
#include "workload/notify.h"
#include "workload/pingpong.h"
#include "workload/rr.h"

namespace rb::workload {

std::optional<std::string> Workload::skip_reason(const CellSpec& cell, long fd_hard_limit) const {
  const long needed = fds_needed(cell);
  if (needed > fd_hard_limit)
    return fmt::format("needs {} file descriptors; the hard limit (RLIMIT_NOFILE) is {}", needed,
                       fd_hard_limit);
  return std::nullopt;
}

const Workload* find_workload(std::string_view name) {
  static const FlowerWorkload flower;
  if (name == flower.name()) return &flower;
  static const NotifyWorkload notify;
  if (name == notify.name()) return &notify;
  static const PingpongWorkload pingpong;
  if (name == pingpong.name()) return &pingpong;
  static const RrWorkload rr;
  if (name == rr.name()) return &rr;
  return nullptr;
}

}  // namespace rb::workload
