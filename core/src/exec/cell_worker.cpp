#include "exec/cell_worker.h"

#include <fmt/format.h>
#include <exception>

#include "exec/canary.h"
#include "exec/cell_signals.h"
#include "exec/child_stream.h"
#include "plugin/loader.h"
#include "proc/process_limits.h"
#include "workload/host_services.h"
#include "workload/registry.h"

namespace rb::exec {

int run_cell_worker(const CellJob& job) {
  const ChildStreamWriter to_parent(job.report_fd);
  try {
    install_cell_signal_dispositions();
    proc::raise_nofile_soft_limit(job.nofile_needed);
    proc::pin_to_cpus(job.cpus);
    // One canary per round, on the CPU the round runs on, before any plugin is mapped. A
    // two-process round runs it in the server only: that is where the plugin under test
    // serves (rr's client is the runner's own), and it keeps one canary per round.
    if (job.role != "client") to_parent.canary(run_canary());

    const workload::Workload* workload = workload::find_workload(job.cell.workload);
    if (workload == nullptr)
      throw workload::CellFailure(fmt::format("unknown workload '{}'", job.cell.workload));

    workload::CellInputs inputs{job.cell, job.options, job.warmup, job.repetitions, job.round};
    workload::RoleInputs role;
    if (!job.role.empty()) {
      role.role = job.role;
      role.listen_fd = job.listen_fd;
      role.host = job.connect_host;
      role.port = job.connect_port;
      role.ready = [&](const auto& counters) { to_parent.ready(counters); };
      role.final_counters = [&](const auto& counters) { to_parent.counters(counters); };
      inputs.role = &role;
    }
    const auto sink = [&](const Sample& sample) { to_parent.sample(sample); };
    if (job.role == "client" && workload->client_is_host()) {
      workload->run_host_client(inputs, sink);
    } else {
      const plugin::LoadedPlugin plugin = workload::load_plugin(job.plugin_path);
      to_parent.loaded(plugin.provenance);
      workload->run(plugin, workload::host_services(), inputs, sink);
    }
    to_parent.done();
    return kWorkerOk;
  } catch (const std::exception& e) {
    to_parent.failed(e.what());
  } catch (...) {
    to_parent.failed("unknown exception in the cell's process");
  }
  return kWorkerCellFailed;
}

}  // namespace rb::exec
