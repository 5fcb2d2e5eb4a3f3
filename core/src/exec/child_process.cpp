#include "exec/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <system_error>
#include <thread>

namespace rb::exec {
namespace {

[[noreturn]] void fail(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// After fork, before exec: only async-signal-safe calls, nothing allocates.
[[noreturn]] void exec_child(char* const* argv, pid_t runner, int report_write, int report_to,
                             int log_fd, const std::vector<ChildProcess::InheritedFd>& inherited) {
  // Its own process group: a terminal's Ctrl-C reaches the runner, which stops the child
  // itself and records the cell as interrupted rather than crashed.
  ::setpgid(0, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != runner) ::_exit(127);  // the runner died before prctl took effect
  const int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull >= 0) ::dup2(devnull, STDIN_FILENO);
  if (log_fd >= 0) {
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
  }
  // Lift every source above the targets first, so one dup2 cannot close another's source.
  constexpr int kScratchFloor = 64;
  const int report_copy = ::fcntl(report_write, F_DUPFD_CLOEXEC, kScratchFloor);
  int copies[16];
  const std::size_t count = inherited.size() < 16 ? inherited.size() : 16;
  for (std::size_t i = 0; i < count; ++i)
    copies[i] = ::fcntl(inherited[i].parent_fd, F_DUPFD_CLOEXEC, kScratchFloor);
  ::dup2(report_copy, report_to);  // dup2 clears FD_CLOEXEC on the copy
  for (std::size_t i = 0; i < count; ++i) ::dup2(copies[i], inherited[i].child_fd);
  ::execv(argv[0], argv);
  ::_exit(127);
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::filesystem::path& log_path, int report_child_fd,
                           const std::vector<InheritedFd>& inherited) {
  if (inherited.size() > 16) throw std::invalid_argument("ChildProcess: at most 16 inherited fds");
  // Everything the child needs is built before fork.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) fail("pipe2 for a cell's report");
  // The parent's end never blocks: it watches several children at once.
  ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  const int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const pid_t runner = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) {
    const int err = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    if (log_fd >= 0) ::close(log_fd);
    throw std::system_error(err, std::generic_category(), "fork for a cell");
  }
  if (pid_ == 0) exec_child(args.data(), runner, fds[1], report_child_fd, log_fd, inherited);

  ::setpgid(pid_, pid_);  // also from the parent, so the group exists before any kill(-pid)
  ::close(fds[1]);
  if (log_fd >= 0) ::close(log_fd);
  report_fd_ = fds[0];
}

ChildProcess::~ChildProcess() {
  if (!reaped_ && pid_ > 0) {
    kill_group(SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (report_fd_ >= 0) ::close(report_fd_);
}

bool ChildProcess::read_reports(const std::function<void(ChildMessage&&)>& on_message) {
  if (report_fd_ < 0) return false;
  char chunk[65536];
  while (true) {
    const ssize_t n = ::read(report_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return true;  // EAGAIN: nothing more now
    if (n == 0) {
      ::close(report_fd_);
      report_fd_ = -1;
      return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = buffer_.find('\n', start)) != std::string::npos; start = nl + 1) {
      const std::string_view line = std::string_view(buffer_).substr(start, nl - start);
      if (auto message = parse_child_message(line))
        on_message(std::move(*message));
      else
        protocol_error_ = fmt::format("unreadable report line from the cell's process: '{}'",
                                      std::string(line.substr(0, 120)));
    }
    buffer_.erase(0, start);
  }
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (terminated_ || reaped_) return;
  terminated_ = true;
  kill_group(SIGTERM);
  kill_at_ = std::chrono::steady_clock::now() + grace;
}

bool ChildProcess::try_reap() {
  if (reaped_) return true;
  int status = 0;
  struct rusage usage {};
  const pid_t r = ::wait4(pid_, &status, WNOHANG, &usage);
  if (r == pid_) {
    reaped_ = true;
    wait_status_ = status;
    usage_ = usage;
    return true;
  }
  if (r < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "wait4");
  if (terminated_ && !killed_ && std::chrono::steady_clock::now() >= kill_at_) {
    kill_group(SIGKILL);
    killed_ = true;
  }
  return false;
}

Rusage ChildProcess::rusage() const {
  Rusage r;
  r.user_s = static_cast<double>(usage_.ru_utime.tv_sec) + usage_.ru_utime.tv_usec / 1e6;
  r.sys_s = static_cast<double>(usage_.ru_stime.tv_sec) + usage_.ru_stime.tv_usec / 1e6;
  r.max_rss_kib = usage_.ru_maxrss;
  r.voluntary_cs = usage_.ru_nvcsw;
  r.involuntary_cs = usage_.ru_nivcsw;
  return r;
}

void ChildProcess::kill_group(int signal) const {
  ::kill(-pid_, signal);
  ::kill(pid_, signal);
}

void reap_all(const std::vector<ChildProcess*>& children) {
  while (true) {
    bool all = true;
    for (ChildProcess* child : children) all = child->try_reap() && all;
    if (all) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace rb::exec
