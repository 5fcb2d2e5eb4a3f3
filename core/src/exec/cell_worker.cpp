#include "exec/cell_worker.h"

#include <fmt/format.h>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>
#include <system_error>

#include "exec/canary.h"
#include "exec/cell_signals.h"
#include "exec/child_stream.h"
#include "exec/kernel_phase.h"
#include "exec/lockstep_worker.h"
#include "exec/tcp_probe.h"
#include "model/external_server.h"
#include "plugin/loader.h"
#include "proc/process_limits.h"
#include "report/run_context.h"
#include "workload/host_services.h"
#include "workload/loopback_listener.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

// How long a client that failed waits for its probe of the server's address.
constexpr std::chrono::milliseconds kFailedClientProbeTimeout{2000};

// A role on another host says which machine it is (the parent's run context says only
// the parent's).
Provenance with_machine(Provenance provenance, const CellJob& job) {
  if (!job.launched) return provenance;
  provenance.host = report::host_name();
  provenance.kernel = report::kernel();
  provenance.cpu_model = report::cpu_model();
  return provenance;
}

// The server's own socket at job.bind_address (a launched server: no socket crosses hosts).
std::unique_ptr<workload::LoopbackListener> bind_own_listener(const CellJob& job) {
  std::string why;
  const auto endpoint = parse_endpoint(job.bind_address, true, why);
  if (!endpoint)
    throw workload::CellFailure(fmt::format("server_address {}: {}", job.bind_address, why));
  try {
    return std::make_unique<workload::LoopbackListener>(endpoint->host,
                                                        static_cast<std::uint16_t>(endpoint->port));
  } catch (const std::system_error& e) {
    throw workload::CellFailure(fmt::format("bind {}: {}", job.bind_address, e.code().message()));
  }
}

// A launched client that failed against a server that does not take connections from its
// host says so first, with the address: what a user of two hosts needs to know.
std::string with_reachability(std::string reason, const CellJob& job) {
  if (job.role != "client" || !job.launched || job.connect_host.empty()) return reason;
  const int error =
      tcp_connect_error(job.connect_host, job.connect_port, kFailedClientProbeTimeout);
  if (error == 0) return reason;
  return fmt::format("connect {}:{}: {}; {}", job.connect_host, job.connect_port,
                     std::strerror(error), reason);
}

// A two-process cell's side: where it listens (the socket it inherited, unless it bound its
// own) or connects, and its reports of readiness and final counters to the parent.
workload::RoleInputs& play_role(workload::RoleInputs& role, const CellJob& job,
                                const ChildStreamWriter& to_parent, bool own_listener) {
  role.role = job.role;
  if (!own_listener) role.listen_fd = job.listen_fd;
  role.host = job.connect_host;
  role.port = job.connect_port;
  role.ready = [&to_parent](const auto& counters) { to_parent.ready(counters); };
  role.final_counters = [&to_parent](const auto& counters) { to_parent.counters(counters); };
  return role;
}

// Runs the cell (or the runner's own client), each sample to the parent as it is measured.
void measure_cell(const CellJob& job, const workload::Workload& workload,
                  workload::CellInputs& inputs, const ChildStreamWriter& to_parent) {
  // Before the plugin is loaded, so that the threads it starts are counted (inherit). A
  // server counts nothing itself: the parent counts it by pid (exec/pair_process.cpp).
  std::optional<KernelPhase> kernel_phase;
  if (job.kernel_counts && job.role != "server") inputs.phase = &kernel_phase.emplace();
  const auto sink = [&](const Sample& sample) {
    if (!kernel_phase) return to_parent.sample(sample);
    Sample counted = sample;
    kernel_phase->attach(counted);
    to_parent.sample(counted);
  };
  if (job.role == "client" && workload.client_is_host()) {
    if (job.launched) to_parent.loaded(with_machine({}, job));
    workload.run_host_client(inputs, sink);
  } else {
    const plugin::LoadedPlugin plugin = workload::load_plugin(job.plugin_path);
    to_parent.loaded(with_machine(plugin.provenance, job));
    workload.run(plugin, workload::host_services(), inputs, sink);
  }
}

}  // namespace

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

    if (!job.lockstep_partners.empty()) {
      run_lockstep(job, *workload, job.report_fd);
      return kWorkerOk;
    }
    workload::CellInputs inputs{job.cell, job.options, job.warmup, job.repetitions, job.round};
    workload::RoleInputs role;
    std::unique_ptr<workload::LoopbackListener> own_listener;
    if (!job.bind_address.empty()) {
      own_listener = bind_own_listener(job);
      role.listen_fd = own_listener->fd();
      to_parent.listening(own_listener->port());
    }
    if (!job.role.empty()) inputs.role = &play_role(role, job, to_parent, own_listener != nullptr);
    measure_cell(job, *workload, inputs, to_parent);
    to_parent.done();
    return kWorkerOk;
  } catch (const std::exception& e) {
    to_parent.failed(with_reachability(e.what(), job));
  } catch (...) {
    to_parent.failed("unknown exception in the cell's process");
  }
  return kWorkerCellFailed;
}

}  // namespace rb::exec
