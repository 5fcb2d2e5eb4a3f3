// The parent side of `runner validate`: the checks about one plugin, in order. The
// descriptor and the exported symbols are judged here from what the probe and the file
// say; every workload check runs in a child process of its own (check_worker.h).
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "plugin/plugin_info.h"
#include "validate/scoped_options.h"

namespace rb::validate {

enum class Verdict { pass, fail, skip };

const char* to_string(Verdict verdict);  // "PASS", "FAIL", "SKIP"

struct CheckOutcome {
  std::string name;  // "exports", "flower.counts", or a workload for a SKIP
  Verdict verdict = Verdict::pass;
  std::string detail;                 // why it failed, or what passing means
  std::vector<std::string> log_tail;  // the check process's last output lines, on a FAIL
};

struct ValidationOptions {
  std::filesystem::path runner_exe;
  std::filesystem::path scratch_dir;  // the check processes' logs go here
  std::chrono::milliseconds phase_limit{5000};
  std::vector<ScopedOption> plugin_options;  // --option [WORKLOAD:]KEY=VALUE, in order
  const std::atomic<bool>* interrupted = nullptr;
};

// Calls on_outcome for each check as it finishes. Stops early (returning false) only when
// interrupted.
bool validate_plugin(const plugin::PluginInfo& info, const ValidationOptions& options,
                     const std::function<void(const CheckOutcome&)>& on_outcome);

// The parent-side checks, exposed for tests.
CheckOutcome check_descriptor(const plugin::PluginInfo& info);
CheckOutcome check_exports(const std::filesystem::path& so_path);

}  // namespace rb::validate
