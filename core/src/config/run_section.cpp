#include "config/run_section.h"

#include <limits>
#include <set>

#include "config/budget_key.h"
#include "config/disturbance_keys.h"
#include "config/launcher_keys.h"
#include "config/pairing_key.h"
#include "model/duration.h"

namespace rb::config {
namespace {

constexpr std::int64_t int_max = std::numeric_limits<int>::max();
constexpr int cpu_limit = 1024;  // CPU_SETSIZE: what sched_setaffinity's cpu_set_t can hold

std::chrono::milliseconds read_timeout(const TomlReader& reader, const toml::node& node) {
  if (node.is_integer()) {
    const std::int64_t seconds = reader.as_integer(node, "timeout");
    if (seconds <= 0) reader.fail(node, "timeout must be positive, got " + std::to_string(seconds));
    const std::int64_t max_seconds = max_duration.count() / 1000;
    if (seconds > max_seconds)
      reader.fail(node, "timeout must be at most " + std::to_string(max_seconds) + " seconds");
    return std::chrono::seconds(seconds);
  }
  if (!node.is_string())
    reader.fail(node,
                "timeout: expected a duration such as \"60s\" or an integer number of "
                "seconds, got " +
                    type_phrase(node.type()) + " (" + render_toml(node) + ")");
  const std::string& text = reader.as_string(node, "timeout");
  std::string why;
  const auto timeout = parse_duration(text, why);
  if (!timeout) reader.fail(node, "timeout " + in_quotes(text) + ": " + why);
  if (timeout->count() == 0) reader.fail(node, "timeout must be positive, got " + in_quotes(text));
  return *timeout;
}

std::vector<int> read_cpus(const TomlReader& reader, const toml::node& node,
                           const std::string& key = "cpus") {
  const toml::array& list = reader.as_homogeneous_list(node, key);
  std::vector<int> cpus;
  std::set<std::int64_t> seen;
  for (const auto& element : list) {
    const std::int64_t cpu = reader.as_integer_in(element, key, 0, cpu_limit - 1);
    if (!seen.insert(cpu).second)
      reader.fail(element, key + ": duplicate cpu " + std::to_string(cpu));
    cpus.push_back(static_cast<int>(cpu));
  }
  return cpus;
}

}  // namespace

RunSettings read_run(const TomlReader& reader, const toml::node* run) {
  RunSettings settings;
  if (run == nullptr) return settings;
  const toml::table& table = reader.as_table(*run, "[run]");
  reader.reject_unknown_keys(table, {"repetitions",     "warmup",         "rounds",
                                     "timeout",         "cpus",           "server_cpus",
                                     "client_cpus",     "order_seed",     "disturbance_threshold",
                                     "on_disturbance",  "max_retries",    "pairing",
                                     "target",          "server_command", "server_launcher",
                                     "client_launcher", "remote_runner",  "server_address",
                                     "kernel_counts",   "budget",         "duet"},
                             "in [run]");
  if (const toml::node* node = table.get("repetitions"))
    settings.repetitions = static_cast<int>(reader.as_integer_in(*node, "repetitions", 1, int_max));
  if (const toml::node* node = table.get("warmup"))
    settings.warmup = static_cast<int>(reader.as_integer_in(*node, "warmup", 0, int_max));
  if (const toml::node* node = table.get("rounds")) {
    settings.rounds = static_cast<int>(reader.as_integer_in(*node, "rounds", 1, int_max));
    settings.rounds_source = RoundsSource::config;
  }
  if (const toml::node* node = table.get("timeout")) settings.timeout = read_timeout(reader, *node);
  if (const toml::node* node = table.get("cpus")) settings.cpus = read_cpus(reader, *node);
  if (const toml::node* node = table.get("server_cpus"))
    settings.server_cpus = read_cpus(reader, *node, "server_cpus");
  if (const toml::node* node = table.get("client_cpus"))
    settings.client_cpus = read_cpus(reader, *node, "client_cpus");
  if (const toml::node* node = table.get("order_seed"))
    settings.order_seed = static_cast<std::uint64_t>(
        reader.as_integer_in(*node, "order_seed", 0, std::numeric_limits<std::int64_t>::max()));
  if (const toml::node* node = table.get("kernel_counts")) {
    const auto* value = node->as_boolean();
    if (value == nullptr)
      reader.fail(*node, "kernel_counts: expected a boolean, got " + type_phrase(node->type()));
    settings.kernel_counts = value->get();
  }
  read_disturbance_keys(reader, table, settings);
  read_pairing_key(reader, table, settings);
  read_budget_key(reader, table, settings);
  read_launcher_keys(reader, table, settings);
  return settings;
}

}  // namespace rb::config
