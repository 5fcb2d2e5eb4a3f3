// Learning what a plugin is without loading it into the runner's own process: a child
// (`<runner> __probe <path.so> <fd>`) loads it and writes one JSON object to <fd>; the parent
// reads it with a timeout. A plugin that crashes or hangs while loading only takes the child.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string_view>

#include "plugin/load_error.h"
#include "plugin/loader.h"
#include "plugin/plugin_info.h"

namespace rb::plugin {

// The runner's hidden sub-command: `runner __probe <path.so> <fd>`.
inline constexpr std::string_view kProbeCommand = "__probe";

// Child side: load the plugin and write one line to out_fd, either
// {"ok":true,"plugin":{...}} or {"ok":false,"kind":"...","error":"<what()>","message":"..."}.
// Returns the process exit code: 0 once the line is written (a load failure is a result too),
// 1 when it could not be written.
int run_probe(const std::filesystem::path& so_path, int out_fd, const WorkloadTables& tables);

// Parent side: fork+exec `runner_exe __probe <path> <fd>` with stdin/stdout/stderr on
// /dev/null, wait up to timeout (then SIGKILL its process group). Throws LoadError: the
// child's kind when it reported one, probe_failed when it crashed (naming the signal), timed
// out, could not be executed or printed no result.
PluginInfo probe_plugin(const std::filesystem::path& so_path,
                        const std::filesystem::path& runner_exe,
                        std::chrono::milliseconds timeout = std::chrono::seconds(10));

// probe_plugin bound to one runner and timeout: the prober Registry::discover and resolve take.
std::function<PluginInfo(const std::filesystem::path&)> child_prober(
    std::filesystem::path runner_exe, std::chrono::milliseconds timeout = std::chrono::seconds(10));

}  // namespace rb::plugin
