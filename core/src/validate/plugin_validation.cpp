#include "validate/plugin_validation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>

#include "exec/cell_process.h"
#include "reactorbench/plugin.h"
#include "text/enum_names.h"
#include "validate/check_worker.h"
#include "validate/conformance.h"
#include "validate/elf_exports.h"

namespace rb::validate {
namespace {

// Enough for the largest flower shape (2 x 100 fds) and what the plugin opens itself.
constexpr long kCheckFds = 1024;

std::vector<std::string> last_lines(const std::filesystem::path& file, std::size_t count) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    if (line.size() > 200) line = line.substr(0, 200) + "...";
    lines.push_back(std::move(line));
    if (lines.size() > count) lines.erase(lines.begin());
  }
  return lines;
}

std::string failure_text(const exec::CellProcessResult& result, std::chrono::milliseconds limit) {
  switch (result.status) {
    case CellStatus::crashed:
      return "crashed: " + result.reason;
    case CellStatus::timeout:
      return fmt::format(
          "{} (the phase watchdog of {} ms did not end it: does the plugin block "
          "SIGALRM?)",
          result.reason, limit.count());
    default:
      return result.reason;
  }
}

// Runs every variant of a check, each in a fresh child; the first failing one is the result.
CheckOutcome run_in_child(const Check& check, const plugin::PluginInfo& info,
                          const ValidationOptions& options) {
  for (int variant = 0; variant < check.variants; ++variant) {
    exec::CellJob job;
    job.cell.workload = check.workload;
    job.cell.plugin = info.name;
    job.plugin_path = info.path;
    job.options = options_for(options.plugin_options, check.workload);
    job.nofile_needed = kCheckFds;
    job.check = check_job_name(check.name, variant);
    job.check_phase_ms = options.phase_limit.count();

    exec::CellProcessOptions process;
    process.runner_exe = options.runner_exe;
    process.log_path =
        options.scratch_dir / fmt::format("{}-{}-{}.log", info.name, check.name, variant);
    // A backstop only: every plugin call already has its own deadline in the child.
    process.timeout = 20 * options.phase_limit + std::chrono::seconds(10);
    process.kill_grace = std::chrono::milliseconds(500);
    process.interrupted = options.interrupted;
    const auto result = exec::run_cell_process(job, process, [](const Sample&) {});
    if (result.status == CellStatus::ok) continue;
    CheckOutcome outcome{check.name, Verdict::fail, failure_text(result, options.phase_limit), {}};
    outcome.log_tail = last_lines(process.log_path, 3);
    return outcome;
  }
  return {check.name, Verdict::pass, check.passed, {}};
}

bool interrupted(const ValidationOptions& options) {
  return options.interrupted != nullptr && options.interrupted->load();
}

}  // namespace

const char* to_string(Verdict verdict) {
  constexpr text::EnumName<Verdict> kNames[] = {
      {Verdict::pass, "PASS"}, {Verdict::fail, "FAIL"}, {Verdict::skip, "SKIP"}};
  return text::name_of(kNames, verdict, "?");
}

CheckOutcome check_descriptor(const plugin::PluginInfo& info) {
  std::vector<std::string> empty;
  if (info.version.empty()) empty.emplace_back("version");
  if (info.library.empty()) empty.emplace_back("library");
  if (info.library_version.empty()) empty.emplace_back("library_version()");
  if (info.description.empty()) empty.emplace_back("description");
  if (info.workloads.empty()) empty.emplace_back("every workload table");
  if (!empty.empty())
    return {"descriptor", Verdict::fail, fmt::format("empty: {}", fmt::join(empty, ", ")), {}};
  return {"descriptor",
          Verdict::pass,
          "name, version, library, its run-time version, description and a workload are set",
          {}};
}

CheckOutcome check_exports(const std::filesystem::path& so_path) {
  std::vector<std::string> symbols;
  try {
    symbols = exported_symbols(so_path);
  } catch (const std::exception& e) {
    return {"exports", Verdict::fail, e.what(), {}};
  }
  std::vector<std::string> extra;
  for (const auto& symbol : symbols)
    if (symbol != RB_ENTRY_SYMBOL) extra.push_back(symbol);
  if (extra.empty())
    return {"exports", Verdict::pass, fmt::format("only {} is exported", RB_ENTRY_SYMBOL), {}};
  const std::size_t shown = std::min<std::size_t>(extra.size(), 8);
  return {"exports",
          Verdict::fail,
          fmt::format("{} symbol(s) besides {} are exported: {}{} (build with "
                      "reactorbench_add_plugin(), or hidden visibility and a version script)",
                      extra.size(), RB_ENTRY_SYMBOL,
                      fmt::join(extra.begin(), extra.begin() + static_cast<long>(shown), ", "),
                      shown < extra.size() ? ", ..." : ""),
          {}};
}

bool validate_plugin(const plugin::PluginInfo& info, const ValidationOptions& options,
                     const std::function<void(const CheckOutcome&)>& on_outcome) {
  on_outcome(check_descriptor(info));
  on_outcome(check_exports(info.path));
  for (const auto& workload : info.workloads) {
    const auto checks = checks_for(workload);
    if (checks.empty()) {
      on_outcome({workload, Verdict::skip, "this runner has no conformance suite for it", {}});
      continue;
    }
    for (const auto& check : checks) {
      if (interrupted(options)) return false;
      CheckOutcome outcome = run_in_child(check, info, options);
      if (interrupted(options)) return false;
      on_outcome(outcome);
    }
  }
  return true;
}

}  // namespace rb::validate
