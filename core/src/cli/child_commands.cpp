#include "cli/child_commands.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/plugins_of.h"
#include "exec/cell_worker.h"
#include "exec/launched_cell.h"
#include "plugin/probe.h"
#include "text/printable.h"
#include "validate/check_worker.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

// Ends a child without running the plugin's static destructors: a plugin that crashes at
// exit must not turn a finished, reported cell into a crash.
[[noreturn]] void child_exit(int code) {
  std::fflush(nullptr);
  ::_exit(code);
}

// The job argv names: read from the descriptor, or taken from stdin.
exec::CellJob read_cell_job(bool from_stdin, const char* job_fd_text) {
  if (from_stdin) return exec::take_job_from_stdin();
  const int job_fd = std::atoi(job_fd_text);
  exec::CellJob job = exec::read_job_file(job_fd);
  ::close(job_fd);
  return job;
}

int cell_main(int argc, char** argv) {
  const bool from_stdin = argc == 3 && std::strcmp(argv[2], exec::kJobStdinOption) == 0;
  if (!from_stdin && (argc != 4 || std::strcmp(argv[2], exec::kJobFdOption) != 0)) {
    std::cerr << "usage: runner __cell " << exec::kJobFdOption << " FD | " << exec::kJobStdinOption
              << "\n";
    return exec::kWorkerBadJob;
  }
  exec::CellJob job;
  try {
    job = read_cell_job(from_stdin, from_stdin ? nullptr : argv[3]);
  } catch (const std::exception& e) {
    std::cerr << "runner __cell: bad job: " << text::printable_lines(e.what()) << '\n';
    return exec::kWorkerBadJob;
  }
  if (from_stdin) exec::stop_when_stdin_closes(job.stop_grace_ms);
  // A conformance check (`runner validate`) travels as a cell job with `check` set.
  if (!job.check.empty()) return validate::run_check_job(job);
  return exec::run_cell_worker(job);
}

int probe_main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: runner __probe PLUGIN_PATH FD\n";
    return 2;
  }
  return plugin::run_probe(argv[2], std::atoi(argv[3]), workload::workload_tables());
}

struct ChildCommand {
  const char* name;
  int (*main)(int argc, char** argv);
  bool ends_process;  // a child of the runner: _exit, no static destructors
};

constexpr ChildCommand kChildCommands[] = {
    {"__cell", cell_main, true},
    {"__probe", probe_main, true},
    {"__plugins-of", plugins_of_main, false},
};

}  // namespace

std::optional<int> run_child_command(int argc, char** argv) {
  if (argc < 2) return std::nullopt;
  for (const ChildCommand& command : kChildCommands) {
    if (std::strcmp(argv[1], command.name) != 0) continue;
    const int code = command.main(argc, argv);
    if (command.ends_process) child_exit(code);
    return code;
  }
  return std::nullopt;
}

}  // namespace rb::cli
