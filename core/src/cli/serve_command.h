// `runner serve --plugin NAME --workload rr`: one plugin's rr server in the foreground, on a
// socket the runner binds (127.0.0.1:8080 unless --listen says otherwise), until SIGINT, so
// real clients (ab, wrk, curl) can hit it. The plugin runs in a child process like every
// cell: a crash is reported, never the runner's own.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace rb::cli {

struct ServeArgs {
  std::string plugin;
  std::string workload = "rr";
  std::string listen = "127.0.0.1:8080";
  std::int64_t threads = 1;
  std::int64_t body_size = 2;
  std::vector<std::string> options;  // KEY=VALUE for the plugin's prepare
  std::vector<std::filesystem::path> plugin_path;
  bool allow_unsafe_plugins = false;
};

int serve_command(const ServeArgs& args);

}  // namespace rb::cli
