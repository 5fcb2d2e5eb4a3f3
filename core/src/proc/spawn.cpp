#include "proc/spawn.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

namespace rb::proc {
namespace {

std::mutex g_spawned_mutex;
std::set<pid_t> g_spawned;  // guarded by g_spawned_mutex

[[noreturn]] void throw_errno(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// Where the child lifts every mapped descriptor before placing it: above every number a
// mapping targets, so that one dup2 cannot close another mapping's source. The lowest such
// floor, not a fixed one, so that a small RLIMIT_NOFILE (`ulimit -n 64`) still spawns.
int scratch_floor(const SpawnRequest& request) {
  int floor = STDERR_FILENO + 1;
  for (const auto& mapping : request.fds) floor = std::max(floor, mapping.child_fd + 1);
  return floor;
}

// The lifted copies (one per mapping and the exec-error pipe) must fit under the soft limit.
void check_descriptor_room(const SpawnRequest& request, int floor) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return;
  const auto needed = static_cast<rlim_t>(floor) + request.fds.size() + 1;
  if (needed > limit.rlim_cur)
    throw std::runtime_error("spawn: a child needs descriptor numbers up to " +
                             std::to_string(needed) + " but the open-files limit (ulimit -n) is " +
                             std::to_string(limit.rlim_cur) + "; raise it to at least " +
                             std::to_string(needed + 16));
}

// In the child: the errno for the parent (the exec-error pipe) and exit 127.
[[noreturn]] void fail_in_child(int exec_error_fd) {
  const int error = errno;
  [[maybe_unused]] const ssize_t ignored = ::write(exec_error_fd, &error, sizeof error);
  ::_exit(127);
}

// After fork, before exec: only async-signal-safe calls, nothing allocates.
[[noreturn]] void become_program(const SpawnRequest& request, char* const* argv, pid_t parent,
                                 int exec_error_fd, const cpu_set_t* affinity, int floor) {
  if (request.default_signal_mask) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
  }
  if (request.join_cgroup_fd >= 0 && ::write(request.join_cgroup_fd, "0", 1) != 1)
    fail_in_child(exec_error_fd);
  if (request.own_process_group) ::setpgid(0, 0);
  if (affinity != nullptr && ::sched_setaffinity(0, sizeof *affinity, affinity) != 0)
    fail_in_child(exec_error_fd);
  if (request.no_core_dump) {
    const rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
  }
  if (request.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before prctl took effect
  }
  // The exec-error pipe goes up too: a mapping may target the number it happens to have.
  const int lifted_error_fd = ::fcntl(exec_error_fd, F_DUPFD_CLOEXEC, floor);
  if (lifted_error_fd < 0) fail_in_child(exec_error_fd);
  exec_error_fd = lifted_error_fd;
  int copies[kMaxFdMappings];
  const std::size_t count = request.fds.size();
  for (std::size_t i = 0; i < count; ++i) {
    copies[i] = ::fcntl(request.fds[i].parent_fd, F_DUPFD_CLOEXEC, floor);
    if (copies[i] < 0) fail_in_child(exec_error_fd);
  }
  for (std::size_t i = 0; i < count; ++i)
    if (::dup2(copies[i], request.fds[i].child_fd) < 0)  // clears FD_CLOEXEC
      fail_in_child(exec_error_fd);
  if (request.search_path)
    ::execvp(argv[0], argv);
  else
    ::execv(argv[0], argv);
  const int error = errno;
  [[maybe_unused]] const ssize_t ignored = ::write(exec_error_fd, &error, sizeof error);
  ::_exit(127);
}

// The child's exec error, or 0 once its end of the pipe closed at exec.
int read_exec_error(int fd) {
  int error = 0;
  ssize_t got = 0;
  while ((got = ::read(fd, &error, sizeof error)) < 0 && errno == EINTR) {
  }
  return got == static_cast<ssize_t>(sizeof error) ? error : 0;
}

}  // namespace

Spawned spawn(const SpawnRequest& request) {
  if (request.fds.size() > kMaxFdMappings)
    throw std::invalid_argument("spawn: too many descriptors for the child");
  std::vector<char*> argv;
  for (const auto& arg : request.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);

  const int floor = scratch_floor(request);
  check_descriptor_room(request, floor);

  cpu_set_t affinity;
  CPU_ZERO(&affinity);
  for (const int cpu : request.cpus) {
    if (cpu < 0 || cpu >= CPU_SETSIZE)
      throw std::invalid_argument("spawn: cpu " + std::to_string(cpu) + " is out of range");
    CPU_SET(cpu, &affinity);
  }

  int exec_error_pipe[2];
  if (::pipe2(exec_error_pipe, O_CLOEXEC) != 0) throw_errno("pipe");
  const pid_t parent = ::getpid();
  // Held across fork: an orphan scan (SpawnedChildren) never sees this child unregistered.
  std::unique_lock spawned_lock(g_spawned_mutex);
  const pid_t pid = ::fork();
  if (pid > 0) g_spawned.insert(pid);
  if (pid < 0) {
    const int error = errno;
    ::close(exec_error_pipe[0]);
    ::close(exec_error_pipe[1]);
    throw std::system_error(error, std::generic_category(), "fork");
  }
  if (pid == 0)
    become_program(request, argv.data(), parent, exec_error_pipe[1],
                   request.cpus.empty() ? nullptr : &affinity, floor);

  spawned_lock.unlock();
  // Also from the parent: whichever runs first, the group exists before any kill(-pid).
  if (request.own_process_group) ::setpgid(pid, pid);
  ::close(exec_error_pipe[1]);
  Spawned spawned{pid, read_exec_error(exec_error_pipe[0])};
  ::close(exec_error_pipe[0]);
  return spawned;
}

int wait_for_exit(pid_t pid) {
  int status = 0;
  while (true) {
    // Waits without reaping (WNOWAIT): the reap itself is try_reap_spawned's, under the lock.
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) == 0) {
      if (try_reap_spawned(pid, status)) return status;
    } else if (errno != EINTR) {  // no child of ours: nothing to wait for
      const std::lock_guard lock(g_spawned_mutex);
      g_spawned.erase(pid);
      return 0;
    }
  }
}

bool try_reap_spawned(pid_t pid, int& wait_status, struct rusage* usage) {
  const std::lock_guard lock(g_spawned_mutex);
  const pid_t reaped = ::wait4(pid, &wait_status, WNOHANG, usage);
  if (reaped == pid) {
    g_spawned.erase(pid);
    return true;
  }
  if (reaped == 0 || errno == EINTR) return false;
  const int error = errno;
  g_spawned.erase(pid);
  throw std::system_error(error, std::generic_category(), "wait4");
}

SpawnedChildren::SpawnedChildren() {
  g_spawned_mutex.lock();
}

SpawnedChildren::~SpawnedChildren() {
  g_spawned_mutex.unlock();
}

bool SpawnedChildren::contains(pid_t pid) const {
  return g_spawned.contains(pid);
}

OwnedFd::~OwnedFd() {
  if (fd_ >= 0) ::close(fd_);
}

OwnedFd open_dev_null() {
  return OwnedFd(::open("/dev/null", O_RDWR | O_CLOEXEC));
}

Pipe::Pipe() {
  if (::pipe2(fds_, O_CLOEXEC) != 0) throw_errno("pipe");
  for (int& fd : fds_) {
    if (fd > STDERR_FILENO) continue;
    const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
    ::close(fd);
    fd = moved;
    if (moved < 0) throw_errno("fcntl");
  }
}

Pipe::~Pipe() {
  close_write_end();
  if (fds_[0] >= 0) ::close(fds_[0]);
}

Pipe::Pipe(const std::string& contents) : Pipe() {
  const int capacity = ::fcntl(fds_[1], F_GETPIPE_SZ);
  if (capacity >= 0 && contents.size() >= static_cast<std::size_t>(capacity) &&
      ::fcntl(fds_[1], F_SETPIPE_SZ, static_cast<int>(contents.size() + 1)) < 0)
    throw_errno("F_SETPIPE_SZ");
  for (std::size_t done = 0; done < contents.size();) {
    const ssize_t n = ::write(fds_[1], contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_errno("writing to a pipe");
    done += static_cast<std::size_t>(n);
  }
}

void Pipe::close_write_end() {
  if (fds_[1] >= 0) ::close(fds_[1]);
  fds_[1] = -1;
}

int Pipe::release_read_end() {
  return std::exchange(fds_[0], -1);
}

int Pipe::release_write_end() {
  return std::exchange(fds_[1], -1);
}

}  // namespace rb::proc
