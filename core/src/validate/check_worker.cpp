#include "validate/check_worker.h"

#include <fmt/format.h>

#include "exec/cell_signals.h"
#include "exec/cell_worker.h"
#include "exec/child_stream.h"
#include "plugin/loader.h"
#include "proc/process_limits.h"
#include "validate/conformance.h"
#include "workload/host_services.h"
#include "workload/registry.h"

namespace rb::validate {
namespace {

struct ParsedName {
  std::string name;
  int variant = 0;
};

ParsedName parse(const std::string& check) {
  const auto hash = check.find('#');
  if (hash == std::string::npos) return {check, 0};
  return {check.substr(0, hash), std::stoi(check.substr(hash + 1))};
}

}  // namespace

std::string check_job_name(const std::string& check, int variant) {
  return variant == 0 ? check : fmt::format("{}#{}", check, variant);
}

int run_check_job(const exec::CellJob& job) {
  const exec::ChildStreamWriter to_parent(job.report_fd);
  try {
    exec::install_cell_signal_dispositions();
    proc::raise_nofile_soft_limit(job.nofile_needed);

    const ParsedName parsed = parse(job.check);
    const Check* check = find_check(parsed.name);
    if (check == nullptr) throw workload::CellFailure("unknown check '" + parsed.name + "'");

    const plugin::LoadedPlugin plugin = workload::load_plugin(job.plugin_path);
    to_parent.loaded(plugin.provenance);
    workload::PhaseWatchdog watchdog(job.report_fd, std::chrono::milliseconds(job.check_phase_ms));
    CheckContext context{plugin, workload::host_services(), watchdog, job.options, parsed.variant};
    check->run(context);
    to_parent.done();
    return exec::kWorkerOk;
  } catch (const std::exception& e) {
    to_parent.failed(e.what());
  } catch (...) {
    to_parent.failed("unknown exception in the check's process");
  }
  return exec::kWorkerCellFailed;
}

}  // namespace rb::validate
