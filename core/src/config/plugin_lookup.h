// What the config loader needs to know about plugins: which exist, which workloads they
// offer, what a plugin file named by path is. cli::PluginResolver answers from the search
// path (plugin::Registry); tests use a fake. The loader never loads a plugin itself.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "model/declared_option.h"

namespace rb::config {

// What a plugin file named by path ([variants.NAME] path) turned out to be when probed.
struct PluginFile {
  std::string name;  // the descriptor's plugin name
  std::vector<std::string> workloads;
  std::vector<rb::DeclaredOption> options = {};  // what it declares (ABI 1.3); empty: none
};

class PluginLookup {
 public:
  virtual ~PluginLookup() = default;
  virtual bool has_plugin(std::string_view name) const = 0;
  virtual bool supports(std::string_view plugin, std::string_view workload) const = 0;
  virtual std::vector<std::string> plugin_names() const = 0;
  // Probes a plugin file with the same checks as the catalog's own (its safety first).
  // Throws std::runtime_error saying why it cannot be used: missing, not a plugin, unsafe.
  // The default, for catalogs that cannot probe files, refuses every file.
  virtual PluginFile probe_file(const std::filesystem::path& file) const;
  // The options `plugin` declares (ABI 1.3), which a config's [plugin_options] must then
  // match; empty when it declares none (or is unknown): nothing is checked early. The
  // default, for catalogs that know no declarations, is empty.
  virtual std::vector<rb::DeclaredOption> declared_options(std::string_view plugin) const;
};

}  // namespace rb::config
