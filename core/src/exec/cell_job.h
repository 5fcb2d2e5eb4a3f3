// Everything a cell's child process needs to run one round of one cell, as JSON, so the
// child is a plain `runner __cell` with no shared state. The JSON travels in an anonymous
// file the child inherits (`runner __cell --job-fd 9`), not on the command line: a job (a
// long plugin option) can exceed what execve takes in one argument (128 KiB, E2BIG).
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/cell.h"
#include "proc/spawn.h"

namespace rb::exec {

struct CellJob {
  CellSpec cell;
  std::filesystem::path plugin_path;
  std::vector<std::pair<std::string, std::string>> options;
  int warmup = 0;
  int repetitions = 0;
  int round = 0;
  std::vector<int> cpus;       // empty: no pinning
  long nofile_needed = 0;      // the child raises its soft limit to this (up to the hard limit)
  bool kernel_counts = false;  // [run] kernel_counts: count each measured phase (kernel_phase.h)
  int report_fd = -1;          // where the child writes its messages
  // Two-process cells: the side this child plays ("server", "client"; empty otherwise) and
  // what it needs of the other side. plugin_path and options are then the role's plugin's.
  std::string role = {};
  int listen_fd = -1;             // server: the listening socket, inherited at this number
  std::string connect_host = {};  // client: where the server listens
  int connect_port = 0;
  // server through a launcher ([run] server_launcher): no socket crosses to another host,
  // so the server binds this "IPV4:PORT" itself (port 0: any) and reports the port
  // ("listening", exec/child_stream.h). Empty: listen_fd.
  std::string bind_address = {};
  // Through a launcher: the child records its host, kernel and CPU in its provenance (the
  // parent's run context describes only the parent's machine), and, once its stdin closes,
  // stops as at SIGTERM and exits after this grace (ms) at the latest.
  bool launched = false;
  long stop_grace_ms = 0;
  // `runner validate`: the conformance check this child runs instead of the cell
  // ("flower.counts#2"; empty for a cell) and the watchdog's limit on each plugin call.
  std::string check = {};
  long check_phase_ms = 0;
  // [run] pairing = "iterations": the point's other cells, run in this same process turn by
  // turn with this one (exec/lockstep_worker.h); member k + 1 of the process is
  // lockstep_partners[k]. Each partner's cell, plugin_path and options are its own; the
  // rest (round, iterations, CPUs) is this job's. lockstep_seed draws the turns.
  std::vector<CellJob> lockstep_partners = {};
  std::uint64_t lockstep_seed = 0;
};

nlohmann::json to_json(const CellJob& job);
CellJob cell_job_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

// Where the child finds the job's file, and the option of `__cell` that says so.
inline constexpr int kJobFd = 9;
inline constexpr const char* kJobFdOption = "--job-fd";
// `__cell --job-stdin`: the job is the first line of stdin (through a launcher,
// exec/launched_cell.h).
inline constexpr const char* kJobStdinOption = "--job-stdin";

// The job's JSON as one line, newline included.
std::string job_line(const CellJob& job);

// The job's JSON in an anonymous file (memfd), close-on-exec, for the child to inherit at
// kJobFd. Throws std::system_error.
proc::OwnedFd job_file(const CellJob& job);
// The child's side: reads the whole file at fd from its start and parses it. Throws
// std::system_error or nlohmann::json::exception.
CellJob read_job_file(int fd);

}  // namespace rb::exec
