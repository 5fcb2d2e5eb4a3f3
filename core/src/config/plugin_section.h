// `plugins`, [plugin_options.NAME], --plugins, and the catalog checks.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/plugin_catalog.h"
#include "config/source_pos.h"
#include "config/toml_access.h"

namespace rb::config {

struct NamedAt {
  std::string name;
  SourcePos pos;
};

using PluginOptions = std::map<std::string, std::vector<std::pair<std::string, std::string>>>;

// The config's `plugins`: a non-empty list of distinct, non-empty names.
std::vector<NamedAt> read_plugins(const TomlReader& reader, const toml::table& root);

// [plugin_options]: one table per plugin of the config, scalar values rendered as strings.
PluginOptions read_plugin_options(const TomlReader& reader, const toml::table& root,
                                  const std::vector<NamedAt>& plugins);

// The plugins the plan runs: the config's, or the --plugins narrowing of them (errors at
// "--plugins:1:<col>"); then, with a catalog, each must exist and offer the workload.
std::vector<std::string> select_plugins(const std::vector<NamedAt>& configured,
                                        const std::optional<std::vector<std::string>>& requested,
                                        const PluginCatalog* catalog, const std::string& workload);

}  // namespace rb::config
