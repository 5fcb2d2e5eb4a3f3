#include "exec/cell_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <system_error>

#include "exec/child_report.h"

namespace rb::exec {
namespace {

using Clock = std::chrono::steady_clock;

// The child finds its report pipe here; 3 is the first fd after stdio.
constexpr int kChildReportFd = 3;

struct Pipe {
  int read = -1;
  int write = -1;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2 for a cell's report");
  return {fds[0], fds[1]};
}

[[noreturn]] void exec_child(const std::vector<std::string>& argv, int report_write,
                             int log_fd) {
  // Its own process group: a terminal's Ctrl-C reaches the runner, which stops the child
  // itself and records the cell as interrupted rather than crashed.
  ::setpgid(0, 0);
  const int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull >= 0) ::dup2(devnull, STDIN_FILENO);
  if (log_fd >= 0) {
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
  }
  ::dup2(report_write, kChildReportFd);  // dup2 clears FD_CLOEXEC on the copy
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::execv(args[0], args.data());
  ::_exit(127);
}

Rusage to_rusage(const rusage& ru) {
  Rusage r;
  r.user_s = static_cast<double>(ru.ru_utime.tv_sec) + ru.ru_utime.tv_usec / 1e6;
  r.sys_s = static_cast<double>(ru.ru_stime.tv_sec) + ru.ru_stime.tv_usec / 1e6;
  r.max_rss_kib = ru.ru_maxrss;
  r.voluntary_cs = ru.ru_nvcsw;
  r.involuntary_cs = ru.ru_nivcsw;
  return r;
}

std::string last_log_line(const std::filesystem::path& log_path) {
  std::ifstream in(log_path);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  if (last.size() > 300) last = last.substr(0, 300) + "...";
  return last;
}

class ChildWatch {
 public:
  ChildWatch(pid_t pid, int report_read, const CellProcessOptions& options,
             const std::function<void(const Sample&)>& on_sample, CellProcessResult& result)
      : pid_(pid), fd_(report_read), options_(options), on_sample_(on_sample), result_(result),
        deadline_(Clock::now() + options.timeout) {}

  // Reads until the child closes its end, the deadline passes or the run is interrupted.
  void read_reports() {
    char chunk[65536];
    while (true) {
      if (interrupted()) return stop(CellStatus::interrupted, "interrupted by the user");
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ -
                                                                              Clock::now());
      if (left.count() <= 0) return stop(CellStatus::timeout, timeout_reason());
      pollfd p{fd_, POLLIN, 0};
      const int rc = ::poll(&p, 1, static_cast<int>(std::min<long>(left.count(), 200)));
      if (rc < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "poll");
      if (rc <= 0) continue;
      const ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // EOF: the child is exiting
      buffer_.append(chunk, static_cast<std::size_t>(n));
      consume_lines();
    }
  }

  // Reaps the child, still honouring the deadline.
  void reap() {
    int status = 0;
    rusage ru{};
    while (true) {
      const pid_t r = ::wait4(pid_, &status, WNOHANG, &ru);
      if (r == pid_) break;
      if (r < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "wait4");
      if (!stopping_) {
        if (interrupted())
          stop(CellStatus::interrupted, "interrupted by the user");
        else if (Clock::now() >= deadline_)
          stop(CellStatus::timeout, timeout_reason());
      } else if (!killed_ && Clock::now() >= kill_at_) {
        ::kill(-pid_, SIGKILL);
        ::kill(pid_, SIGKILL);
        killed_ = true;
      }
      ::usleep(2000);
    }
    result_.rusage = to_rusage(ru);
    classify(status);
  }

 private:
  bool interrupted() const { return options_.interrupted != nullptr && options_.interrupted->load(); }

  std::string timeout_reason() const {
    return fmt::format("no result within the timeout of {} ms", options_.timeout.count());
  }

  void stop(CellStatus status, std::string reason) {
    if (stopping_) return;
    stopping_ = true;
    stop_status_ = status;
    stop_reason_ = std::move(reason);
    ::kill(-pid_, SIGTERM);
    ::kill(pid_, SIGTERM);
    kill_at_ = Clock::now() + options_.kill_grace;
  }

  void consume_lines() {
    std::size_t start = 0;
    for (std::size_t nl; (nl = buffer_.find('\n', start)) != std::string::npos; start = nl + 1)
      handle_line(std::string_view(buffer_).substr(start, nl - start));
    buffer_.erase(0, start);
  }

  void handle_line(std::string_view line) {
    auto message = parse_child_message(line);
    if (!message) {
      protocol_error_ = fmt::format("unreadable report line from the cell's process: '{}'",
                                    std::string(line.substr(0, 120)));
      return;
    }
    switch (message->type) {
      case ChildMessage::Type::loaded: result_.provenance = std::move(message->provenance); break;
      case ChildMessage::Type::sample:
        on_sample_(*message->sample);
        result_.samples.push_back(std::move(*message->sample));
        break;
      case ChildMessage::Type::failed: failure_ = std::move(message->reason); break;
      case ChildMessage::Type::done: done_ = true; break;
    }
  }

  void classify(int status) {
    if (stopping_) {
      result_.status = stop_status_;
      result_.reason = stop_reason_;
    } else if (WIFSIGNALED(status)) {
      const int sig = WTERMSIG(status);
      result_.status = CellStatus::crashed;
      result_.reason = fmt::format("killed by signal {} ({})", sig, ::sigdescr_np(sig));
      const std::string last = last_log_line(options_.log_path);
      if (!last.empty()) result_.reason += "; last output: " + last;
    } else if (failure_) {
      result_.status = CellStatus::failed;
      result_.reason = *failure_;
    } else if (!done_) {
      result_.status = CellStatus::failed;
      result_.reason = fmt::format(
          "the cell's process exited with status {} before finishing (did the plugin call "
          "exit()?)",
          WEXITSTATUS(status));
    } else if (protocol_error_) {
      result_.status = CellStatus::failed;
      result_.reason = *protocol_error_;
    } else if (WEXITSTATUS(status) != 0) {
      result_.status = CellStatus::failed;
      result_.reason = fmt::format("the cell's process exited with status {}", WEXITSTATUS(status));
    } else {
      result_.status = CellStatus::ok;
    }
  }

  pid_t pid_;
  int fd_;
  const CellProcessOptions& options_;
  const std::function<void(const Sample&)>& on_sample_;
  CellProcessResult& result_;
  Clock::time_point deadline_;
  Clock::time_point kill_at_{};
  std::string buffer_;
  bool stopping_ = false;
  bool killed_ = false;
  CellStatus stop_status_ = CellStatus::timeout;
  std::string stop_reason_;
  bool done_ = false;
  std::optional<std::string> failure_;
  std::optional<std::string> protocol_error_;
};

}  // namespace

CellProcessResult run_cell_process(CellJob job, const CellProcessOptions& options,
                                   const std::function<void(const Sample&)>& on_sample) {
  job.report_fd = kChildReportFd;
  // Everything the child needs is built before fork: nothing allocates after it.
  const std::vector<std::string> argv = {options.runner_exe.string(), "__cell",
                                         to_json(job).dump()};
  const Pipe report = make_pipe();
  const int log_fd = ::open(options.log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                            0644);

  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    ::close(report.read);
    ::close(report.write);
    if (log_fd >= 0) ::close(log_fd);
    throw std::system_error(err, std::generic_category(), "fork for a cell");
  }
  if (pid == 0) exec_child(argv, report.write, log_fd);

  ::setpgid(pid, pid);  // also from the parent, so the group exists before any kill(-pid)
  ::close(report.write);
  if (log_fd >= 0) ::close(log_fd);

  CellProcessResult result;
  ChildWatch watch(pid, report.read, options, on_sample, result);
  watch.read_reports();
  watch.reap();
  ::close(report.read);
  return result;
}

}  // namespace rb::exec
