// A child the parent watches over: started (proc/spawn) in its own process group and its
// own process tree (proc/process_tree.h: a cgroup, or the runner as subreaper) with the
// chosen fds inherited, its report pipe read line by line as the lines arrive, stopped with
// SIGTERM and then SIGKILL (to its group and to whatever of its tree left the group), reaped
// with its rusage, and whatever it left behind killed once it is reaped. The destructor kills and
// reaps a child that is still alive, so no way out of the parent (an exception included) leaves one
// behind. What the lines mean is the caller's business (exec/cell_child.h for a cell's).
//
// Each child also asks the kernel for SIGKILL should the parent die first
// (PR_SET_PDEATHSIG): a killed runner leaves no cell, and no server holding a port, behind.
// The kernel ties that to the thread that forked, so construct these from a thread that
// lives as long as the child (the runner's main thread does).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "proc/line_reader.h"
#include "proc/process_tree.h"

namespace rb::proc {

// How a program that is not the runner is started (a config's server_command), or the
// runner through a launcher (ssh, `ip netns exec`: exec/cell_child.h).
struct ChildLaunch {
  bool search_path = false;    // argv[0] may be a name PATH finds
  std::vector<int> cpus = {};  // its CPU affinity; empty: the runner's
  // Written to the child's stdin before it starts (so a child that dies at once cannot
  // cost the parent a SIGPIPE); the pipe then stays open, and terminate() closes it
  // instead of sending SIGTERM: through a launcher a signal reaches only the launcher,
  // an end of file reaches the program behind it. SIGKILL to the group after the grace.
  // Null: stdin is /dev/null.
  const std::string* input = nullptr;
};

class ChildProcess {
 public:
  struct InheritedFd {
    int parent_fd;
    int child_fd;
  };

  // argv[0] is the program's path; stdin is /dev/null, stdout and stderr go to log_path
  // (truncated), the report pipe's write end is the child's report_child_fd (negative: no
  // report pipe, report_fd() is -1 from the start). Throws std::system_error when the pipe
  // or fork fails.
  ChildProcess(const std::vector<std::string>& argv, const std::filesystem::path& log_path,
               int report_child_fd, const std::vector<InheritedFd>& inherited = {},
               const ChildLaunch& launch = {});
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  // The program started (argv[0]), and errno of its failed exec (0 once it runs): a child
  // whose exec failed has exited with 127 and is reaped like any other.
  const std::string& program() const { return program_; }
  int exec_error() const { return exec_error_; }
  // The report pipe's read end; -1 once it reached end of file.
  int report_fd() const { return report_fd_; }

  // Reads what the pipe holds now, up to a budget (never blocks, never loops on a child that
  // writes without end: proc/line_reader.h), and hands each complete line, without its
  // newline, to on_line. False at end of file.
  bool read_lines(const std::function<void(std::string_view)>& on_line);
  // What the reader dropped ("" when nothing): lines over its bound.
  std::string dropped_output_note() const { return reader_.dropped_note(); }

  // SIGTERM to its process group now (with ChildLaunch::input: closes its stdin instead);
  // try_reap() sends SIGKILL once `grace` has passed.
  void terminate(std::chrono::milliseconds grace);
  bool terminated() const { return terminated_; }
  bool killed() const { return killed_; }

  // Reaps it if it has exited (never blocks), escalating to SIGKILL when due. True once
  // reaped.
  bool try_reap();
  bool reaped() const { return reaped_; }
  int wait_status() const { return wait_status_; }
  // What wait4 said the child used (zero until reaped).
  const struct rusage& usage() const { return usage_; }

 private:
  void kill_group(int signal) const;

  pid_t pid_ = -1;
  std::string program_;
  int exec_error_ = 0;
  int report_fd_ = -1;
  int input_fd_ = -1;  // the write end of its stdin (ChildLaunch::input)
  LineReader reader_;
  std::unique_ptr<ProcessTree> tree_;  // everything it starts (proc/process_tree.h)
  bool terminated_ = false;
  bool killed_ = false;
  std::chrono::steady_clock::time_point kill_at_{};
  bool reaped_ = false;
  int wait_status_ = 0;
  struct rusage usage_ {};
};

// Calls try_reap() on every child, a few milliseconds apart, until all are reaped; the
// SIGKILL after each one's grace guarantees this ends.
void reap_all(const std::vector<ChildProcess*>& children);

}  // namespace rb::proc
