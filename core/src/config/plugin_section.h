// `plugins`, [plugin_options.NAME], --plugins, and the catalog checks.
#pragma once

#include <toml++/toml.h>

#include <functional>
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

// The entry of list named `name`, or nullptr.
const NamedAt* find_named(const std::vector<NamedAt>& list, const std::string& name);
// The names of list, in its order.
std::vector<std::string> names_of(const std::vector<NamedAt>& list);

// --plugins a,b as the user typed it: `each` gets every name in turn with its position
// ("--plugins", 1, col) in the joined list. Throws ConfigError for an empty list, and for an
// empty name or a name given twice when its turn comes.
void for_each_requested(const std::vector<std::string>& requested,
                        const std::function<void(const std::string&, const SourcePos&)>& each);

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
