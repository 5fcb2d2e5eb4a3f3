#include "built_plugins.h"

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

namespace rb_test {

std::vector<std::string> PluginPaths() {
  std::vector<std::string> paths;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(REACTORBENCH_PLUGIN_DIR, error)) {
    if (entry.is_regular_file() && entry.path().extension() == ".so") {
      paths.push_back(entry.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string PluginPath(const std::string& file_stem) {
  return std::string(REACTORBENCH_PLUGIN_DIR) + "/" + file_stem + ".so";
}

rb_entry_fn LoadEntry(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, void*> handles;
  std::lock_guard lock(mutex);
  void*& handle = handles[path];
  if (handle == nullptr) {
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      throw std::runtime_error("dlopen " + path + ": " + dlerror());
    }
  }
  void* symbol = dlsym(handle, RB_ENTRY_SYMBOL);
  if (symbol == nullptr) {
    throw std::runtime_error(path + " has no " RB_ENTRY_SYMBOL);
  }
  return reinterpret_cast<rb_entry_fn>(symbol);
}

const rb_plugin& LoadPlugin(const std::string& path) {
  const rb_plugin* plugin = LoadEntry(path)(RB_ABI_VERSION);
  if (plugin == nullptr) {
    throw std::runtime_error(path + " refused ABI " + std::to_string(RB_ABI_VERSION));
  }
  return *plugin;
}

std::vector<std::string> FlowerPluginPaths() {
  std::vector<std::string> paths;
  for (const std::string& path : PluginPaths()) {
    // A plugin that does not load is reported by the descriptor tests, not here.
    try {
      if (LoadPlugin(path).flower != nullptr) {
        paths.push_back(path);
      }
    } catch (const std::exception&) {
    }
  }
  return paths;
}

std::string TestNameOf(const std::string& path) {
  std::string name = std::filesystem::path(path).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return name;
}

}  // namespace rb_test
