#include "config/plugin_lookup.h"

#include <stdexcept>

namespace rb::config {

PluginFile PluginLookup::probe_file(const std::filesystem::path& file) const {
  throw std::runtime_error(file.string() + ": this plugin catalog cannot probe plugin files");
}

std::vector<rb::DeclaredOption> PluginLookup::declared_options(std::string_view) const {
  return {};
}

}  // namespace rb::config
