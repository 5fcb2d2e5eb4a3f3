#include "io_uring_plugin.h"

#include <filesystem>

#include "built_plugins.h"

namespace rb_test {

const rb_plugin* IoUringPlugin() {
  const std::string path = PluginPath("io_uring");
  if (!std::filesystem::exists(path)) return nullptr;
  return &LoadPlugin(path);
}

std::string IoUringUnavailable() {
  const rb_plugin* plugin = IoUringPlugin();
  if (plugin == nullptr)
    return "io-uring plugin not built (liburing was not found at configure time)";
  FlowerDriver driver(*plugin, {1, 1, 0, Transport::kPipe});
  const CallResult prepared = driver.Prepare();
  if (prepared.code == RB_ERR_UNSUPPORTED) return "io_uring unavailable: " + prepared.message;
  return "";
}

}  // namespace rb_test
