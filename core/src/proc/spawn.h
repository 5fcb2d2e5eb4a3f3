// Starting another program: the one place the runner forks. Everything the child needs is
// prepared before fork, so between fork and exec it makes only async-signal-safe calls (the
// runner has threads). A failed exec is reported back through a close-on-exec pipe, as
// posix_spawn does: the caller learns it from spawn()'s answer, not from exit status 127.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace rb::proc {

// A descriptor of the parent the child gets at the number child_fd (close-on-exec cleared).
// Descriptors not listed are inherited as they are: close-on-exec ones close at exec.
struct FdMapping {
  int parent_fd;
  int child_fd;
};

struct SpawnRequest {
  std::vector<std::string> argv;  // argv[0] is the program
  bool search_path = false;       // look argv[0] up in PATH (execvp) instead of taking it as a path
  std::vector<FdMapping> fds;     // at most kMaxFdMappings
  bool own_process_group = false;    // so that kill(-pid) reaches whatever the child forks too
  bool die_with_parent = false;      // SIGKILL to the child should the runner die first
  bool default_signal_mask = false;  // unblock every signal the forking thread blocked
  bool no_core_dump = false;         // a crash is reported, not left behind as a core file
  std::vector<int> cpus = {};        // the child's CPU affinity before exec; empty: inherited
  // A cgroup's cgroup.procs (proc/process_tree.h) the child joins first thing after fork,
  // before it can start anything; -1: none. A failed join is the child's exec error.
  int join_cgroup_fd = -1;
};

inline constexpr std::size_t kMaxFdMappings = 20;

struct Spawned {
  pid_t pid = -1;
  // errno of the failed exec (the child then exited with 127 and is the caller's to reap);
  // 0 once the program runs.
  int exec_error = 0;
};

// Throws std::system_error ("pipe: ...", "fork: ...") when the child cannot be started, and
// std::invalid_argument for more than kMaxFdMappings descriptors.
Spawned spawn(const SpawnRequest& request);

// The wait status of `pid` (a child spawn() started) once it has ended (EINTR retried).
int wait_for_exit(pid_t pid);

// Reaps `pid` (a child spawn() started) if it has exited, never blocking: true with its wait
// status and rusage once reaped. Reaping and forgetting it are one step under the set's lock,
// so that its pid, free again, is never still listed when a new child gets it (the child would
// be forgotten with it, taken for an orphan by proc/process_tree.h, killed and its exit status
// stolen). Throws std::system_error ("wait4") when `pid` is no child to wait for (forgotten).
bool try_reap_spawned(pid_t pid, int& wait_status, struct rusage* usage = nullptr);

// The children spawn() started and that were not reaped through wait_for_exit() or
// try_reap_spawned() yet: what proc/process_tree.h must not take for adopted orphans. Holding
// one keeps spawn() from forking and those functions from reaping, so that while it is held
// the set and the kernel's list of the runner's children agree.
class SpawnedChildren {
 public:
  SpawnedChildren();
  ~SpawnedChildren();
  SpawnedChildren(const SpawnedChildren&) = delete;
  SpawnedChildren& operator=(const SpawnedChildren&) = delete;
  bool contains(pid_t pid) const;
};

// A descriptor this object closes when it goes away; -1 for none.
class OwnedFd {
 public:
  explicit OwnedFd(int fd = -1) : fd_(fd) {}
  ~OwnedFd();
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  OwnedFd(OwnedFd&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }

 private:
  int fd_;
};

// /dev/null opened close-on-exec, for a child's standard descriptors (invalid when it cannot
// be opened).
OwnedFd open_dev_null();

// A pipe whose ends are both close-on-exec and above the standard descriptors (a child's
// 0-2 may be set to something else); closes what it still holds when destroyed.
class Pipe {
 public:
  // Throws std::system_error ("pipe: ...").
  Pipe();
  // A pipe already holding `contents` (grown to fit them, up to what the kernel allows), for
  // a child's stdin. Throws std::system_error ("pipe: ...", "F_SETPIPE_SZ: ...").
  explicit Pipe(const std::string& contents);
  ~Pipe();
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;

  int read_end() const { return fds_[0]; }
  int write_end() const { return fds_[1]; }
  void close_write_end();
  // Hands an end over to the caller, who closes it.
  int release_read_end();
  int release_write_end();

 private:
  int fds_[2] = {-1, -1};
};

}  // namespace rb::proc
