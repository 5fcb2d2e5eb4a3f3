// Two-process workloads (pingpong) pair a server plugin with a client plugin in every cell.
// The pairs come from the config in one of two ways:
//   plugins = ["a", "b"]                      each plugin against itself: a/a, b/b
//   [matrix] server = [...], client = [...]   every server against every client
// A role list that is not given defaults to `plugins`, so `plugins = ["a", "b"]` with
// `[matrix] client = ["raw-epoll"]` holds the client fixed: a/raw-epoll, b/raw-epoll.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/plugin_lookup.h"
#include "config/plugin_section.h"
#include "config/test_plan.h"
#include "config/toml_access.h"
#include "config/variant_section.h"

namespace rb::config {

inline constexpr const char* kServerRole = "server";
inline constexpr const char* kClientRole = "client";

// A role key's value in [matrix]: a non-empty list of distinct, non-empty plugin names.
std::vector<NamedAt> read_role_list(const TomlReader& reader, const toml::node& node,
                                    const std::string& role);

struct PairingInput {
  std::string workload;  // a plugin offers role R if it offers `workload` or `workload_R`
  std::vector<NamedAt> configured;                    // `plugins`, possibly empty
  std::map<std::string, std::vector<NamedAt>> roles;  // [matrix] server / client lists
  std::optional<std::vector<std::string>> requested;  // --plugins
  SourcePos missing_pos;                              // where to report "no plugins at all"
  Variants variants = {};  // [variants]: a name in a list may be one (checked by its base)
};

// The cells' pairs in config order (servers outer, clients inner), narrowed by --plugins
// (each role list keeps the named plugins; a role left with none is an error) and, with a
// catalog, checked: every server must offer the server role, every client the client role.
std::vector<PluginPair> plan_pairs(const PairingInput& input, const PluginLookup* catalog);

// Every plugin a list names, once, in order of first appearance: what the runner resolves
// and what [plugin_options] may configure.
std::vector<NamedAt> every_named_plugin(const PairingInput& input);

// The distinct plugins of the pairs (servers first), in order.
std::vector<std::string> plugins_of(const std::vector<PluginPair>& pairs);

}  // namespace rb::config
