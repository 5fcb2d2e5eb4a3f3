#include "validate/scoped_options.h"

#include <stdexcept>

#include "workload/workload.h"

namespace rb::validate {
namespace {

bool is_pingpong_role(std::string_view name) {
  return name == "pingpong_server" || name == "pingpong_client";
}

bool applies(std::string_view scope, std::string_view workload) {
  return scope.empty() || scope == workload || (scope == "pingpong" && is_pingpong_role(workload));
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
    if (workload::find_workload(option.workload) == nullptr && !is_pingpong_role(option.workload))
      throw usage("unknown workload '" + option.workload +
                  "' (flower, notify, pingpong, pingpong_server or pingpong_client)");
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
