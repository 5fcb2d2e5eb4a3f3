#include "workload/flower/abi_table.h"

#include <utility>

#include "plugin/descriptor_checks.h"

namespace rb::workload::flower {

std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using T = rb_flower_ops;
  plugin.flower =
      plugin::checked_table(plugin.descriptor.flower, "rb_flower_ops", kFlowerOpsMinSize,
                            plugin.path, std::pair{"prepare", &T::prepare},
                            std::pair{"arm", &T::arm}, std::pair{"dispatch", &T::dispatch},
                            std::pair{"counters", &T::counters}, std::pair{"release", &T::release});
  if (!plugin.flower) return std::nullopt;
  return "flower";
}

}  // namespace rb::workload::flower
