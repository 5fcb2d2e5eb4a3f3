// What a plugin name of a config stands for: the catalog plugin it loads and the options it
// passes. A [variants] name labels its base plugin run with options of its own, so one run
// can hold libevent2 with a pipe next to libevent2 with an eventfd.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace rb {

using PluginOptionList = std::vector<std::pair<std::string, std::string>>;

struct PluginSetup {
  // The catalog plugin loaded; empty when unknown (results written before variants), which
  // means the name itself.
  std::string base;
  PluginOptionList options;  // effective: the base's [plugin_options], the variant's over them
  // A variant by path ([variants.NAME] path): the plugin file it loads, absolute; empty =
  // the catalog's file for `base`. Two builds of one plugin differ only here.
  std::string path = {};
  friend bool operator==(const PluginSetup&, const PluginSetup&) = default;
};

}  // namespace rb
