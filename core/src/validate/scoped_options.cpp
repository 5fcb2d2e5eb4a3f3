#include "validate/scoped_options.h"

#include <stdexcept>

#include "workload/registry.h"

namespace rb::validate {
namespace {

// A scope naming a whole workload also covers the checks of its parts (pingpong's roles).
bool applies(std::string_view scope, std::string_view workload) {
  if (scope.empty() || scope == workload) return true;
  const workload::WorkloadEntry* entry = workload::find_entry(scope);
  return entry != nullptr && workload::owner_of(workload) == entry;
}

// "flower, notify, pingpong, pingpong_server, pingpong_client or rr"
std::string known_scopes() {
  std::vector<std::string> names;
  for (const auto& entry : workload::registry()) {
    names.push_back(entry.name);
    names.insert(names.end(), entry.parts.begin(), entry.parts.end());
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

}  // namespace

ScopedOption parse_scoped_option(std::string_view text) {
  const auto usage = [&](std::string_view why) {
    return std::invalid_argument("--option " + std::string(text) + ": " + std::string(why));
  };
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) throw usage("expected [WORKLOAD:]KEY=VALUE");
  std::string_view key = text.substr(0, eq);
  ScopedOption option;
  if (const auto colon = key.find(':'); colon != std::string_view::npos) {
    option.workload = std::string(key.substr(0, colon));
    key = key.substr(colon + 1);
    if (workload::owner_of(option.workload) == nullptr)
      throw usage("unknown workload '" + option.workload + "' (" + known_scopes() + ")");
    if (key.empty()) throw usage("expected [WORKLOAD:]KEY=VALUE");
  }
  option.key = std::string(key);
  option.value = std::string(text.substr(eq + 1));
  return option;
}

std::vector<std::pair<std::string, std::string>> options_for(
    const std::vector<ScopedOption>& options, std::string_view workload) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& option : options)
    if (applies(option.workload, workload)) pairs.emplace_back(option.key, option.value);
  return pairs;
}

}  // namespace rb::validate
