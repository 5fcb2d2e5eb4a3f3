#include "config/plugin_catalog.h"

#include <stdexcept>

namespace rb::config {

PluginFile PluginCatalog::probe_file(const std::filesystem::path& file) const {
  throw std::runtime_error(file.string() + ": this plugin catalog cannot probe plugin files");
}

}  // namespace rb::config
