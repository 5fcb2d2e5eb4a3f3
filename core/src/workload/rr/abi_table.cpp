#include "workload/rr/abi_table.h"

#include <utility>

#include "plugin/descriptor_checks.h"

namespace rb::workload::rr {

std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using T = rb_rr_server_ops;
  plugin.rr_server = plugin::checked_table(
      plugin.descriptor.rr_server, "rb_rr_server_ops", kRrServerOpsMinSize, plugin.path,
      std::pair{"prepare", &T::prepare}, std::pair{"serve", &T::serve},
      std::pair{"counters", &T::counters}, std::pair{"release", &T::release});
  if (!plugin.rr_server) return std::nullopt;
  return "rr";
}

}  // namespace rb::workload::rr
