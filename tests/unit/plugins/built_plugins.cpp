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

const rb_plugin& LoadBuiltPlugin(const std::string& file_stem) {
  return LoadPlugin(PluginPath(file_stem));
}

::testing::AssertionResult NamesItselfAndItsLibrary(const rb_plugin& plugin, const char* name,
                                                    const char* library) {
  if (std::string(plugin.name) != name)
    return ::testing::AssertionFailure() << "name is '" << plugin.name << "', not '" << name << "'";
  if (std::string(plugin.library) != library)
    return ::testing::AssertionFailure()
           << "library is '" << plugin.library << "', not '" << library << "'";
  return ::testing::AssertionSuccess();
}

namespace {

// The descriptor's workload tables by their ABI names.
std::vector<std::pair<std::string, const void*>> TablesOf(const rb_plugin& plugin) {
  return {{"flower", plugin.flower},
          {"notify", plugin.notify},
          {"pingpong_server", plugin.pingpong_server},
          {"pingpong_client", plugin.pingpong_client},
          {"rr_server", plugin.rr_server}};
}

bool Offers(const rb_plugin& plugin, const std::string& workload) {
  for (const auto& [name, table] : TablesOf(plugin))
    if (name == workload) return table != nullptr;
  throw std::invalid_argument("no workload table named '" + workload + "'");
}

}  // namespace

::testing::AssertionResult OffersEveryWorkload(const rb_plugin& plugin) {
  for (const auto& [name, table] : TablesOf(plugin))
    if (table == nullptr) return ::testing::AssertionFailure() << "no " << name << " table";
  return ::testing::AssertionSuccess();
}

std::vector<std::string> PluginPathsOffering(const std::string& workload) {
  std::vector<std::string> paths;
  for (const std::string& path : PluginPaths()) {
    const rb_plugin* plugin = nullptr;
    try {
      plugin = &LoadPlugin(path);
    } catch (const std::exception&) {
      continue;
    }
    if (Offers(*plugin, workload)) paths.push_back(path);
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
