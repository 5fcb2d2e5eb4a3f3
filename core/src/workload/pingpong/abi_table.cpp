#include "workload/pingpong/abi_table.h"

#include <utility>

#include "plugin/descriptor_checks.h"

namespace rb::workload::pingpong {

// "pingpong" when the plugin offers both roles, otherwise the one role it offers.
std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using S = rb_pingpong_server_ops;
  plugin.pingpong_server = plugin::checked_table(
      plugin.descriptor.pingpong_server, "rb_pingpong_server_ops", kPingpongServerOpsMinSize,
      plugin.path, std::pair{"prepare", &S::prepare}, std::pair{"serve", &S::serve},
      std::pair{"counters", &S::counters}, std::pair{"release", &S::release});
  using C = rb_pingpong_client_ops;
  plugin.pingpong_client = plugin::checked_table(
      plugin.descriptor.pingpong_client, "rb_pingpong_client_ops", kPingpongClientOpsMinSize,
      plugin.path, std::pair{"prepare", &C::prepare}, std::pair{"run", &C::run},
      std::pair{"counters", &C::counters}, std::pair{"release", &C::release});
  if (plugin.pingpong_server && plugin.pingpong_client) return "pingpong";
  if (plugin.pingpong_server) return "pingpong_server";
  if (plugin.pingpong_client) return "pingpong_client";
  return std::nullopt;
}

}  // namespace rb::workload::pingpong
