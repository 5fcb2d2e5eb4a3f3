// A cell's round as the plan places it: which plugin file and options play each role, on
// which CPUs, and for a two-process cell (a server and a client) through which launchers.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "config/test_plan.h"
#include "exec/cell_executor.h"
#include "exec/cell_job.h"
#include "exec/cell_process.h"

namespace rb::workload {
class Workload;
}

namespace rb::exec {

// Catalog plugin name -> .so (MatrixOptions::plugin_paths).
using PluginPaths = std::map<std::string, std::filesystem::path>;

// What plays `role` ("" for a one-process cell): the base plugin's file, or a variant's own
// file ([variants] path), and the effective options.
void load_setup(CellJob& job, const PluginPaths& plugin_paths, std::string_view role);

// The CPUs a round runs on, whose /proc/stat lines exec/interference reads: [run] cpus, or a
// pair's server and client CPUs together; every allowed CPU when unpinned.
std::vector<int> round_cpus(const config::TestPlan& plan, bool paired);

// One attempt of a two-process cell's round (exec/pair_process.h): `job` completed for each
// role; the logs are process.log_path's with "-server" and "-client" added to its stem.
CellProcessResult run_pair_round(const config::TestPlan& plan, const PluginPaths& plugin_paths,
                                 const workload::Workload& workload, const CellJob& job,
                                 const CellProcessOptions& process, const SampleSink& on_sample);

// The log of `role` of a pair whose round logs to `log`.
std::filesystem::path role_log(const std::filesystem::path& log, std::string_view role);

}  // namespace rb::exec
