#include "config/plugin_lookup.h"

#include <stdexcept>

namespace rb::config {

PluginFile PluginLookup::probe_file(const std::filesystem::path& file) const {
  throw std::runtime_error(file.string() + ": this plugin catalog cannot probe plugin files");
}

}  // namespace rb::config
