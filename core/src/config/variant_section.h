// [variants.NAME]: a name of its own for a catalog plugin run with other options, usable
// wherever a plugin name is (`plugins`, pingpong's server/client lists, --plugins):
//   [variants.libevent2-eventfd]
//   plugin = "libevent2"   # the catalog plugin it loads (never another variant)
//   wakeup = "eventfd"     # options, merged over [plugin_options.libevent2]; the variant wins
// The variant's name labels its cells in every result. A variant no list names is allowed
// (--plugins may select it). A variant may load a plugin file of its own instead of an
// installed plugin, so two builds of one plugin run interleaved in one run (an A/B):
//   [variants.muduo-base]
//   path = "../base-build/plugins/muduo.so"   # relative to the config file's directory
// Its base is then the plugin the file says it is (`plugin`, if given, must agree), whose
// [plugin_options] it takes like any variant.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <string>
#include <vector>

#include "config/plugin_lookup.h"
#include "config/source_pos.h"
#include "config/toml_access.h"
#include "model/plugin_setup.h"

namespace rb::config {

struct Variant {
  std::string plugin;            // the base: a catalog plugin (or what `path`'s file is)
  rb::PluginOptionList options;  // the variant's own keys, in file order
  std::string path = {};         // `path`, absolute: the file it loads; empty = the catalog's
  // What `path`'s file offers, as probed; empty without a catalog (nothing is checked then).
  std::vector<std::string> workloads = {};
  // The options `path`'s file declares (ABI 1.3), as probed; empty: none, or no catalog.
  std::vector<rb::DeclaredOption> declared = {};
};

using Variants = std::map<std::string, Variant>;

// With a catalog, a variant must not take an installed plugin's name and its base must be
// installed; without one, only the file's own consistency is checked.
Variants read_variants(const TomlReader& reader, const toml::table& root,
                       const PluginLookup* catalog);

// The catalog plugin `name` loads: a variant's base, or the name itself.
const std::string& base_of(const Variants& variants, const std::string& name);

// Whether `name` (a plugin or a variant) offers `workload`: a variant by path as its file
// was probed, any other name as the catalog says of its base.
bool offers_workload(const PluginLookup& catalog, const Variants& variants, const std::string& name,
                     const std::string& workload);

// With a catalog, `name` in a plugin list must be an installed plugin or a variant:
// "unknown plugin 'x'; did you mean 'y'?" at `pos` otherwise.
void check_known_plugin(const std::string& name, const SourcePos& pos, const PluginLookup& catalog,
                        const Variants& variants);

// "plugin 'libevent2'", or "plugin 'libevent2' (of variant 'lev-poll')" for a variant.
std::string plugin_phrase(const Variants& variants, const std::string& name);

// `base_options` overlaid by `own`: a key of both keeps its place with `own`'s value, and
// `own`'s other keys follow in order.
rb::PluginOptionList merge_options(rb::PluginOptionList base_options,
                                   const rb::PluginOptionList& own);

}  // namespace rb::config
