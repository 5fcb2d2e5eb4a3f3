#include "plugin/plugin_info.h"

#include <algorithm>

#include "plugin/abi_version.h"
#include "plugin/loader.h"

namespace rb::plugin {

bool PluginInfo::supports(std::string_view workload) const {
  return std::find(workloads.begin(), workloads.end(), workload) != workloads.end();
}

PluginInfo plugin_info(const LoadedPlugin& plugin) {
  PluginInfo info;
  info.name = plugin.descriptor.name;
  info.version = plugin.provenance.plugin_version;
  info.library = plugin.provenance.library;
  info.library_version = plugin.provenance.library_version;
  info.description = plugin.provenance.description;
  info.sha256 = plugin.provenance.sha256;
  info.abi_version = plugin.provenance.abi_version;
  info.workloads = plugin.workloads;
  info.path = plugin.path;
  info.options = plugin.options;
  info.build = plugin.provenance.build;
  return info;
}

rb::Provenance provenance(const PluginInfo& info) {
  rb::Provenance result;
  result.path = info.path.string();
  result.sha256 = info.sha256;
  result.plugin_version = info.version;
  result.library = info.library;
  result.library_version = info.library_version;
  result.abi_version = info.abi_version;
  result.description = info.description;
  result.build = info.build;
  return result;
}

nlohmann::json to_json(const rb::DeclaredOption& option) {
  return {
      {"name", option.name},
      {"type", type_name(option.type)},
      {"allowed", option.allowed},
      {"default", option.default_value ? nlohmann::json(*option.default_value) : nullptr},
      {"help", option.help},
      {"workloads", option.workloads},
  };
}

nlohmann::json to_json(const PluginInfo& info) {
  nlohmann::json options = nlohmann::json::array();
  for (const auto& option : info.options) options.push_back(to_json(option));
  return {
      {"name", info.name},
      {"version", info.version},
      {"library", info.library},
      {"library_version", info.library_version},
      {"description", info.description},
      {"sha256", info.sha256},
      {"abi_version", info.abi_version},
      {"abi", abi_version_string(info.abi_version)},
      {"workloads", info.workloads},
      {"path", info.path.string()},
      {"options", options},
      {"build", info.build ? plugin_build_json<nlohmann::json>(*info.build) : nlohmann::json()},
  };
}

namespace {

rb::DeclaredOption declared_option_from_json(const nlohmann::json& json) {
  rb::DeclaredOption option;
  json.at("name").get_to(option.name);
  const auto type = rb::type_from_name(json.at("type").get<std::string>());
  if (!type)
    throw nlohmann::json::other_error::create(501, "unknown option type " + json.at("type").dump(),
                                              &json);
  option.type = *type;
  json.at("allowed").get_to(option.allowed);
  if (!json.at("default").is_null()) option.default_value = json.at("default").get<std::string>();
  json.at("help").get_to(option.help);
  json.at("workloads").get_to(option.workloads);
  return option;
}

}  // namespace

PluginInfo plugin_info_from_json(const nlohmann::json& json) {
  PluginInfo info;
  json.at("name").get_to(info.name);
  json.at("version").get_to(info.version);
  json.at("library").get_to(info.library);
  json.at("library_version").get_to(info.library_version);
  json.at("description").get_to(info.description);
  json.at("sha256").get_to(info.sha256);
  json.at("abi_version").get_to(info.abi_version);
  json.at("workloads").get_to(info.workloads);
  info.path = json.at("path").get<std::string>();
  for (const auto& item : json.value("options", nlohmann::json::array()))
    info.options.push_back(declared_option_from_json(item));
  if (const auto build = json.find("build"); build != json.end() && !build->is_null())
    info.build = plugin_build_from_json(*build);
  return info;
}

}  // namespace rb::plugin
