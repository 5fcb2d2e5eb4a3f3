// `runner serve --plugin NAME --workload W`: one plugin's server of a servable workload (rr,
// pingpong: WorkloadEntry::server_params) in the foreground, on a socket the runner binds
// (127.0.0.1:8080 unless --listen says otherwise), until SIGINT, so real clients (ab, wrk,
// curl, another library's pingpong client) can hit it. The plugin runs in a child process like
// every cell: a crash is reported, never the runner's own.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/command.h"

namespace rb::cli {

struct ServeArgs {
  std::string plugin;
  std::string workload;
  std::string listen = "127.0.0.1:8080";
  // AXIS=VALUE for an axis the server reads (--threads N and --body-size N add to it).
  std::vector<std::string> set;
  std::vector<std::string> options;  // KEY=VALUE for the plugin's prepare
  std::vector<std::filesystem::path> plugin_path;
  bool allow_unsafe_plugins = false;
  // --cpus: the CPUs the server is pinned to, as a run's cells pin theirs ("2", "2,3", "0-1");
  // empty: not pinned.
  std::string cpus;
};

int serve_command(const ServeArgs& args);

// The workloads whose server runs alone (WorkloadEntry::servable): what --workload allows.
std::vector<std::string> servable_workloads();

struct ServeCommand final : CommandOn<ServeArgs, serve_command, "serve"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
