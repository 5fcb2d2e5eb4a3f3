#include <unistd.h>

#include <cerrno>
#include <string>

#include <nlohmann/json.hpp>

#include "plugin/loader.h"
#include "plugin/probe.h"

namespace rb::plugin {

namespace {

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

nlohmann::json failure(std::string_view kind, const std::string& error,
                       const std::string& message) {
  return {{"ok", false}, {"kind", kind}, {"error", error}, {"message", message}};
}

}  // namespace

int run_probe(const std::filesystem::path& so_path, int out_fd, const WorkloadTables& tables) {
  nlohmann::json result;
  try {
    const LoadedPlugin plugin = load_plugin(so_path, tables);
    result = {{"ok", true}, {"plugin", to_json(plugin_info(plugin))}};
  } catch (const LoadError& error) {
    result = failure(to_string(error.kind()), error.what(), error.message());
  } catch (const std::exception& error) {
    result = failure(to_string(LoadErrorKind::probe_failed), so_path.string() + ": " + error.what(),
                     error.what());
  }
  // Replace invalid UTF-8 (a plugin's strings are not ours to trust) rather than throw.
  const std::string line = result.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return write_all(out_fd, line + "\n") ? 0 : 1;
}

}  // namespace rb::plugin
