#include "proc/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "proc/process_tree.h"
#include "proc/spawn.h"

namespace rb::proc {

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::filesystem::path& log_path, int report_child_fd,
                           const std::vector<InheritedFd>& inherited, const ChildLaunch& launch) {
  if (inherited.size() > 16) throw std::invalid_argument("ChildProcess: at most 16 inherited fds");
  Pipe report;
  // The parent's end never blocks: it watches several children at once.
  ::fcntl(report.read_end(), F_SETFL, ::fcntl(report.read_end(), F_GETFL) | O_NONBLOCK);
  // Never through a symlink someone planted at the log's name; a log that cannot be opened
  // leaves the child's output on /dev/null, never on the runner's terminal (it is untrusted).
  const OwnedFd log(
      ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644));
  const OwnedFd dev_null = open_dev_null();
  std::optional<Pipe> input;
  if (launch.input != nullptr) input.emplace(*launch.input);

  // Before the fork: the child joins its cgroup (if any) before it can start anything.
  tree_ = ProcessTree::make();
  SpawnRequest request;
  request.argv = argv;
  request.join_cgroup_fd = tree_->join_fd();
  request.search_path = launch.search_path;
  request.cpus = launch.cpus;
  // Its own process group: a terminal's Ctrl-C reaches the runner, which stops the child
  // itself and records the cell as interrupted rather than crashed.
  request.own_process_group = true;
  request.die_with_parent = true;
  if (input)
    request.fds.push_back({input->read_end(), STDIN_FILENO});
  else if (dev_null.valid())
    request.fds.push_back({dev_null.get(), STDIN_FILENO});
  const int output = log.valid() ? log.get() : dev_null.get();
  if (output >= 0) {
    request.fds.push_back({output, STDOUT_FILENO});
    request.fds.push_back({output, STDERR_FILENO});
  }
  if (report_child_fd >= 0) request.fds.push_back({report.write_end(), report_child_fd});
  for (const InheritedFd& fd : inherited) request.fds.push_back({fd.parent_fd, fd.child_fd});
  const Spawned spawned = spawn(request);
  pid_ = spawned.pid;
  program_ = argv.empty() ? std::string() : argv[0];
  exec_error_ = spawned.exec_error;
  report.close_write_end();
  if (report_child_fd >= 0) report_fd_ = report.release_read_end();
  if (input) input_fd_ = input->release_write_end();
}

ChildProcess::~ChildProcess() {
  if (!reaped_ && pid_ > 0) {
    kill_group(SIGKILL);
    wait_for_exit(pid_);
  }
  if (tree_) tree_->end();
  if (report_fd_ >= 0) ::close(report_fd_);
  if (input_fd_ >= 0) ::close(input_fd_);
}

bool ChildProcess::read_lines(const std::function<void(std::string_view)>& on_line) {
  if (report_fd_ < 0) return false;
  if (reader_.read(report_fd_, on_line)) return true;
  ::close(report_fd_);
  report_fd_ = -1;
  return false;
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (terminated_ || reaped_) return;
  terminated_ = true;
  if (input_fd_ >= 0) {
    ::close(input_fd_);
    input_fd_ = -1;
  } else {
    kill_group(SIGTERM);
  }
  kill_at_ = std::chrono::steady_clock::now() + grace;
}

bool ChildProcess::try_reap() {
  if (reaped_) return true;
  int status = 0;
  struct rusage usage {};
  if (try_reap_spawned(pid_, status, &usage)) {
    reaped_ = true;
    wait_status_ = status;
    usage_ = usage;
    // Whatever it started and left behind (a daemon, a setsid child) ends with it.
    tree_->end();
    return true;
  }
  if (terminated_ && !killed_ && std::chrono::steady_clock::now() >= kill_at_) {
    kill_group(SIGKILL);
    killed_ = true;
  }
  return false;
}

void ChildProcess::kill_group(int signal) const {
  ::kill(-pid_, signal);
  ::kill(pid_, signal);
  tree_->signal_all(signal);  // what left the group
}

void reap_all(const std::vector<ChildProcess*>& children) {
  while (true) {
    bool all = true;
    for (ChildProcess* child : children) all = child->try_reap() && all;
    if (all) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace rb::proc
