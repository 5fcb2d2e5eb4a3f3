// `plugins`, [plugin_options.NAME], --plugins, and the catalog checks.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/plugin_lookup.h"
#include "config/source_pos.h"
#include "config/toml_access.h"
#include "config/variant_section.h"

namespace rb::config {

struct NamedAt {
  std::string name;
  SourcePos pos;
};

using PluginOptions = std::map<std::string, std::vector<std::pair<std::string, std::string>>>;

// The config's `plugins`: a non-empty list of distinct, non-empty names.
std::vector<NamedAt> read_plugins(const TomlReader& reader, const toml::table& root);

// [plugin_options]: one table per plugin of the config (a variant's base counts as one; a
// variant's own options belong in [variants]), scalar values rendered as strings.
PluginOptions read_plugin_options(const TomlReader& reader, const toml::table& root,
                                  const std::vector<NamedAt>& plugins, const Variants& variants);

// The plugins the plan runs: the config's, or the --plugins narrowing of them (errors at
// "--plugins:1:<col>"; a defined variant may be named too); then, with a catalog, each must
// exist and offer the workload (a variant through its base).
std::vector<std::string> select_plugins(const std::vector<NamedAt>& configured,
                                        const std::optional<std::vector<std::string>>& requested,
                                        const PluginLookup* catalog, const std::string& workload,
                                        const Variants& variants);

}  // namespace rb::config
