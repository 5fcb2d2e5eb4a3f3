// What the config loader needs to know about plugins. The plugin registry implements it;
// tests use a fake. The loader never loads a plugin itself.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rb::config {

class PluginCatalog {
 public:
  virtual ~PluginCatalog() = default;
  virtual bool has_plugin(std::string_view name) const = 0;
  virtual bool supports(std::string_view plugin, std::string_view workload) const = 0;
  virtual std::vector<std::string> plugin_names() const = 0;
};

}  // namespace rb::config
