// One cell of a test plan: one workload x one plugin x one point of the matrix.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "model/external_server.h"
#include "model/plugin_setup.h"

namespace rb {

using ParamValue = std::variant<std::int64_t, std::string>;

struct Param {
  std::string name;
  ParamValue value;
};

std::string to_string(const ParamValue& value);

struct CellSpec {
  std::size_t index = 0;  // position in the plan, stable across rounds
  std::string workload;
  std::string plugin;
  std::vector<Param> params;  // in the config's axis order
  // Two-process workloads: the plugin playing each role ("server", "client"); `plugin` is
  // then their label "server/client". Empty for one-process workloads.
  std::map<std::string, std::string> role_plugins = {};
  // What `plugin` loads and its options (one-process cells), and the same per role.
  PluginSetup setup = {};
  std::map<std::string, PluginSetup> role_setups = {};
  // Set when the cell's server is not a plugin but a program or an address
  // (model/external_server.h); its label is then the server's plugin name (role "server",
  // or `plugin` for a workload whose client is the runner's own).
  std::optional<ExternalServer> external_server = {};

  // The plugin that plays `role`, or `plugin` when the cell has no roles.
  const std::string& plugin_for(std::string_view role) const;
  // The setup of the plugin that plays `role` (role_setups, or `setup` without roles).
  const PluginSetup& setup_for(std::string_view role) const;
  // The catalog plugin that plays `role`: its setup's base, or plugin_for(role) if unknown.
  const std::string& base_plugin_for(std::string_view role) const;

  const ParamValue* find(std::string_view name) const;
  // Throw std::out_of_range naming the parameter when it is missing or of another type.
  std::int64_t get_int(std::string_view name) const;
  const std::string& get_string(std::string_view name) const;
  // "pipes=100 active=100 writes=100 transport=socketpair"
  std::string params_label() const;
};

}  // namespace rb
