#include "workload/notify/abi_table.h"

#include <utility>

#include "plugin/descriptor_checks.h"

namespace rb::workload::notify {

std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using T = rb_notify_ops;
  plugin.notify = plugin::checked_table(
      plugin.descriptor.notify, "rb_notify_ops", kNotifyOpsMinSize, plugin.path,
      std::pair{"start", &T::start}, std::pair{"post", &T::post}, std::pair{"finish", &T::finish},
      std::pair{"counters", &T::counters}, std::pair{"release", &T::release});
  if (!plugin.notify) return std::nullopt;
  return "notify";
}

}  // namespace rb::workload::notify
