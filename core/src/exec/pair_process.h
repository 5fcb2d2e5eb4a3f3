// The parent side of a two-process cell round (ProcessLayout::server_client):
//   1. bind a listening socket on 127.0.0.1:0 and learn its port;
//   2. start the server child with that socket inherited (fd 4) and let go of it;
//   3. once the server reports ready, start the client child with the address;
//   4. complete each client sample with the server's CPU and RSS (from /proc) as it arrives:
//      server_user_s and server_sys_s (its user and system CPU since the previous sample, in
//      clock ticks, when /proc could be read both times) here, the rest (with the exact total
//      from the process's CPU-time clock) by Workload::add_server_usage;
//   5. when the client has finished, ask the server to stop (SIGTERM: its stop_fd becomes
//      readable) and collect its final counters; the workload checks them.
// A cell whose server is not a plugin (CellSpec::external_server) runs the same way with a
// program in the server's place (exec/server_program.h: it binds a port picked here, and is
// ready once the port accepts; its CPU and RSS come from /proc as above; it is stopped with
// SIGTERM to its group), or with no server process at all for a target someone else runs
// (the client connects there; no server figures). Neither has counters to check.
// Either side may run through a launcher (CellLauncher: ssh, `ip netns exec`; [run]
// server_launcher / client_launcher): its job then travels on the launcher's stdin and its
// reports on its stdout, it is stopped by closing its stdin, and a launched server binds
// server_address itself and reports its port ("listening") before the client starts. The
// runner cannot read a launched side's /proc, so such a server has no CPU and RSS figures
// (a side's rusage is then its launcher's wait4 view); its provenance names its machine. Failures
// name the side and its launcher ("server on `ip netns exec b`: ..."). Whatever happens (either
// side crashing or failing, the deadline, Ctrl-C, an exception in the parent) both children are
// stopped and reaped before this returns, and the port closes with the server.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>

#include "exec/cell_child.h"
#include "exec/cell_job.h"
#include "exec/cell_process.h"
#include "model/external_server.h"
#include "model/results.h"

namespace rb::workload {
class Workload;
}

namespace rb::exec {

struct PairProcessOptions {
  std::filesystem::path runner_exe;
  std::filesystem::path server_log;
  std::filesystem::path client_log;
  std::chrono::milliseconds timeout{60000};  // for the whole round, both sides
  std::chrono::milliseconds kill_grace{2000};
  // A server program (CellSpec::external_server) must accept connections this soon after
  // its start (and within the round's timeout).
  std::chrono::milliseconds server_ready_wait{10000};
  const std::atomic<bool>* interrupted = nullptr;
  // Where the server listens and the client connects ([run] server_address; port 0: any).
  Endpoint server_address{"127.0.0.1", 0};
  std::optional<CellLauncher> server_launcher = std::nullopt;
  std::optional<CellLauncher> client_launcher = std::nullopt;
};

// server_job and client_job name their role's plugin and options; the roles, fds and
// address are filled in here. The result's samples are the client's, completed.
CellProcessResult run_pair_process(CellJob server_job, CellJob client_job,
                                   const PairProcessOptions& options,
                                   const workload::Workload& workload,
                                   const std::function<void(const Sample&)>& on_sample);

}  // namespace rb::exec
