// What `runner new-plugin` writes: an out-of-tree C plugin for the workloads asked, built
// against the installed SDK and its plugin kit, with a config per workload. Pure: the files
// as text, from the templates in core/templates/new_plugin (embedded in the runner).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rb::cli {

struct ScaffoldFile {
  std::string path;  // relative to the plugin's directory
  std::string text;
};

// The descriptor tables a plugin may offer, as --workloads names them; "pingpong" means both
// pingpong roles, "rr" the rr server.
const std::vector<std::string>& scaffold_workloads();

// The workload tables for --workloads' items, in scaffold_workloads() order and each once.
// Throws std::invalid_argument naming an unknown one and the known ones.
std::vector<std::string> parse_scaffold_workloads(const std::vector<std::string>& items);

// Throws std::invalid_argument unless name is [a-z0-9-]+ starting with a letter.
void check_plugin_name(std::string_view name);

// The plugin's files: CMakeLists.txt, README.md, entry.c, options.[ch], a .c per workload
// (server_loop.[ch] for the servers) and a config per workload.
std::vector<ScaffoldFile> plugin_scaffold(std::string_view name,
                                          const std::vector<std::string>& workloads);

}  // namespace rb::cli
