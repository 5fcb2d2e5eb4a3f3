#include "proc/child_output.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <system_error>

#include "proc/spawn.h"

namespace rb::proc {
namespace {

using Clock = std::chrono::steady_clock;

// Each look reads at most this much, so that a child writing without end still lets the
// loop below see its deadline.
constexpr std::size_t kReadBudget = std::size_t{256} << 10;
// What program_output keeps: more is a program gone wrong, not an answer.
constexpr std::size_t kMaxProgramOutput = std::size_t{16} << 20;

// Reads what is available, up to the budget, without blocking; false at end of file. What
// does not fit under max_bytes is counted, not kept.
bool drain(int fd, CollectedOutput& collected, std::size_t max_bytes) {
  std::array<char, 4096> buffer{};
  for (std::size_t spent = 0; spent < kReadBudget;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got > 0) {
      const auto n = static_cast<std::size_t>(got);
      spent += n;
      const std::size_t kept =
          std::min(n, max_bytes - std::min(max_bytes, collected.output.size()));
      collected.output.append(buffer.data(), kept);
      collected.dropped_bytes += n - kept;
      continue;
    }
    if (got < 0 && errno == EINTR) continue;
    return got < 0 && errno == EAGAIN;
  }
  return true;
}

}  // namespace

CollectedOutput collect_output(pid_t pid, int read_fd, std::size_t max_bytes,
                               std::optional<Clock::time_point> deadline) {
  CollectedOutput collected;
  ::fcntl(read_fd, F_SETFL, ::fcntl(read_fd, F_GETFL) | O_NONBLOCK);
  bool open = true;
  while (true) {
    if (open) open = drain(read_fd, collected, max_bytes);
    bool reaped = false;
    try {
      reaped = try_reap_spawned(pid, collected.wait_status);
    } catch (const std::system_error&) {
      reaped = true;  // no child of ours: nothing left to wait for
    }
    if (reaped) {
      if (open) drain(read_fd, collected, max_bytes);
      return collected;
    }
    // Poll the pipe while it is open; once it is closed only the exit is left to notice.
    auto slice = open ? std::chrono::milliseconds(50) : std::chrono::milliseconds(2);
    if (deadline) {
      const auto now = Clock::now();
      if (now >= *deadline) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        collected.wait_status = wait_for_exit(pid);
        collected.timed_out = true;
        return collected;
      }
      slice = std::min(slice, std::chrono::ceil<std::chrono::milliseconds>(*deadline - now));
    }
    pollfd poll_fd{read_fd, POLLIN, 0};
    ::poll(&poll_fd, open ? 1 : 0, static_cast<int>(slice.count()));
  }
}

std::optional<std::string> program_output(const std::vector<std::string>& argv) {
  try {
    Pipe out;
    const OwnedFd dev_null = open_dev_null();
    SpawnRequest request;
    request.argv = argv;
    request.search_path = true;
    request.fds.push_back({out.write_end(), STDOUT_FILENO});
    if (dev_null.valid()) request.fds.push_back({dev_null.get(), STDERR_FILENO});
    const Spawned spawned = spawn(request);
    out.close_write_end();
    if (spawned.exec_error != 0) {
      wait_for_exit(spawned.pid);
      return std::nullopt;
    }
    CollectedOutput collected =
        collect_output(spawned.pid, out.read_end(), kMaxProgramOutput, std::nullopt);
    if (!WIFEXITED(collected.wait_status) || WEXITSTATUS(collected.wait_status) != 0 ||
        collected.dropped_bytes > 0)
      return std::nullopt;
    return std::move(collected.output);
  } catch (const std::system_error&) {
    return std::nullopt;
  }
}

}  // namespace rb::proc
