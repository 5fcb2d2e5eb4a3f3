// Loading a plugin .so in this process: dlopen (Boost.DLL, RTLD_NOW | RTLD_LOCAL), the entry
// call, ABI negotiation and validation. Only a cell's child process or a probe child calls
// this; the runner's parent process never loads a plugin (a crashing constructor must not
// take the runner down).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <reactorbench/plugin.h>

#include "model/declared_option.h"
#include "model/results.h"
#include "plugin/load_error.h"
#include "plugin/sha256.h"

namespace boost::dll {
class shared_library;
}

namespace rb::plugin {

struct LoadedPlugin {
  std::filesystem::path path;
  rb_plugin descriptor{};  // host copy: members beyond the plugin's struct_size are zero
  // Host copies of the workload tables, zero-filled the same way; nullopt if not offered.
  // The workloads check and fill them (workload/<name>/entry.cpp).
  std::optional<rb_flower_ops> flower;
  std::optional<rb_notify_ops> notify;
  std::optional<rb_pingpong_server_ops> pingpong_server;
  std::optional<rb_pingpong_client_ops> pingpong_client;
  std::optional<rb_rr_server_ops> rr_server;
  // ABI 1.3: the options it declares, checked; empty when it declares none.
  std::vector<rb::DeclaredOption> options;
  rb::Provenance provenance;  // path, sha256 of the file, versions, abi, description
  // Keeps the .so loaded. Every successfully loaded library is also pinned for the life of
  // the process, so function pointers copied out of this struct never dangle.
  std::shared_ptr<boost::dll::shared_library> library;
  // What it offers, in the workload registry's order: e.g. {"flower", "notify"}, or the
  // name of the part of a workload it offers ("pingpong_server"); filled with the tables.
  std::vector<std::string> workloads;
};

// Checks and copies a loaded plugin's workload tables and names its workloads.
using TableReader = std::function<void(LoadedPlugin&)>;

// What the loader needs of the workloads: the loader knows the descriptor, the workloads know
// their tables (workload/registry.h supplies this).
struct WorkloadTables {
  TableReader read;
  // The descriptor tables an option declaration's `workloads` may name.
  std::vector<std::string> option_tables;
};

// Throws LoadError; its what() names the path and the facts (versions, dlerror's text).
LoadedPlugin load_plugin(const std::filesystem::path& so_path, const WorkloadTables& tables);

}  // namespace rb::plugin
