#include "proc/process_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "proc/spawn.h"

namespace rb::proc {
namespace {

using Clock = std::chrono::steady_clock;

// However a tree resists (a process in uninterruptible sleep), ending it gives up here.
constexpr std::chrono::seconds kEndBound{10};
constexpr std::chrono::milliseconds kEndPause{1};

// The cgroup v2 mount point and the mount's root within the hierarchy ("/" unless the
// runner sees the hierarchy from inside a namespace).
std::pair<std::string, std::string> cgroup2_mount() {
  std::ifstream mountinfo("/proc/self/mountinfo");
  for (std::string line; std::getline(mountinfo, line);) {
    const auto dash = line.find(" - ");
    if (dash == std::string::npos || line.compare(dash + 3, 8, "cgroup2 ") != 0) continue;
    std::istringstream fields(line.substr(0, dash));
    std::string id, parent, device, root, mount_point;
    fields >> id >> parent >> device >> root >> mount_point;
    return {mount_point, root};
  }
  return {"", ""};
}

// The runner's own cgroup v2 path ("0::/a/b"), "" without one.
std::string own_cgroup() {
  std::ifstream cgroup("/proc/self/cgroup");
  for (std::string line; std::getline(cgroup, line);)
    if (line.starts_with("0::")) return line.substr(3);
  return "";
}

std::string find_cgroup_parent() {
  const char* off = std::getenv("REACTORBENCH_NO_CGROUPS");
  if (off != nullptr && *off != '\0') return "";
  const auto [mount_point, root] = cgroup2_mount();
  std::string own = own_cgroup();
  if (mount_point.empty() || own.empty()) return "";
  if (root != "/" && own.starts_with(root)) own = own.substr(root.size());
  const std::string dir = own == "/" ? mount_point : mount_point + own;
  return ::access((dir + "/cgroup.procs").c_str(), W_OK) == 0 ? dir : "";
}

// Cleared once a cgroup could not be made: the subreaper from then on.
std::atomic<bool> g_cgroups_work{true};

bool write_text(const std::string& file, const char* text) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const auto length = static_cast<ssize_t>(std::char_traits<char>::length(text));
  const bool ok = ::write(fd, text, static_cast<std::size_t>(length)) == length;
  ::close(fd);
  return ok;
}

std::vector<pid_t> adopted_orphans(const SpawnedChildren& spawned);

// Both ways: what loses its parent becomes the runner's, to reap (a killed daemon would
// otherwise stay a zombie wherever init does not reap).
void become_subreaper() {
  static const bool made = ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
  static_cast<void>(made);
}

// Reaps the adopted orphans that have exited; those still running are left alone. Every
// reap of an orphan happens with the spawned set held: a listed pid stays the runner's
// unreaped child until then, never freed by another thread and reused by a spawned child.
void reap_exited_orphans() {
  const SpawnedChildren spawned;
  for (const pid_t orphan : adopted_orphans(spawned)) ::waitpid(orphan, nullptr, WNOHANG);
}

class CgroupTree final : public ProcessTree {
 public:
  // Makes the directory; ready() is false when it could not be made or used.
  explicit CgroupTree(std::string dir) : dir_(std::move(dir)) {
    become_subreaper();
    if (::mkdir(dir_.c_str(), 0700) != 0) return;
    procs_fd_ = ::open((dir_ + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    // cgroup.kill came with Linux 5.14: without it a tree cannot be ended in one step.
    if (procs_fd_ < 0 || ::access((dir_ + "/cgroup.kill").c_str(), W_OK) != 0) {
      if (procs_fd_ >= 0) ::close(procs_fd_);
      procs_fd_ = -1;
      ::rmdir(dir_.c_str());
    }
  }
  ~CgroupTree() override { end(); }

  bool ready() const { return procs_fd_ >= 0; }
  int join_fd() const override { return procs_fd_; }

  void signal_all(int signal) override {
    if (ended_) return;
    // Held while listing and signalling: no orphan of the list is reaped (its pid freed for a
    // new child) in between, and no child is spawned.
    const SpawnedChildren held;
    std::ifstream procs(dir_ + "/cgroup.procs");
    for (pid_t pid; procs >> pid;) ::kill(pid, signal);
  }

  void end() override {
    if (ended_ || procs_fd_ < 0) return;
    ended_ = true;
    const auto until = Clock::now() + kEndBound;
    if (populated()) {  // the child left something behind: kill it
      std::set<pid_t> killed;
      add_members(killed);
      write_text(dir_ + "/cgroup.kill", "1");
      while (populated() && Clock::now() < until) {
        add_members(killed);
        std::this_thread::sleep_for(kEndPause);
      }
      reap_killed_orphans(std::move(killed), until);
    }
    // Also when nothing was left running: an orphan that exited before the child did is the
    // runner's zombie until reaped (a double fork's short-lived helper).
    reap_exited_orphans();
    ::close(procs_fd_);
    while (::rmdir(dir_.c_str()) != 0 && errno == EBUSY && Clock::now() < until)
      std::this_thread::sleep_for(kEndPause);
  }

 private:
  void add_members(std::set<pid_t>& members) const {
    std::ifstream procs(dir_ + "/cgroup.procs");
    for (pid_t pid; procs >> pid;) members.insert(pid);
  }

  // A killed process leaves its cgroup before it becomes a zombie, so an empty cgroup is not
  // yet a reaped tree: each killed process the runner adopted is reaped once it is a zombie.
  // One that is no child of the runner (ECHILD: its own parent reaped it) is done with; a
  // spawned child is its owner's to reap.
  static void reap_killed_orphans(std::set<pid_t> left, Clock::time_point until) {
    while (!left.empty() && Clock::now() < until) {
      {
        const SpawnedChildren spawned;
        std::erase_if(left, [&](pid_t pid) {
          if (spawned.contains(pid)) return true;
          const pid_t reaped = ::waitpid(pid, nullptr, WNOHANG);
          return reaped > 0 || (reaped < 0 && errno != EINTR);
        });
      }
      if (!left.empty()) std::this_thread::sleep_for(kEndPause);
    }
  }

  bool populated() const {
    std::ifstream events(dir_ + "/cgroup.events");
    for (std::string key, value; events >> key >> value;)
      if (key == "populated") return value != "0";
    return false;
  }

  std::string dir_;
  int procs_fd_ = -1;
  bool ended_ = false;
};

// The runner's children that spawn() did not start: adopted orphans. Each thread's children
// are listed in /proc/self/task/TID/children (an orphan goes to one of the subreaper's
// threads), far less to read than every process's stat.
std::vector<pid_t> adopted_orphans(const SpawnedChildren& spawned) {
  std::vector<pid_t> orphans;
  DIR* tasks = ::opendir("/proc/self/task");
  if (tasks == nullptr) return orphans;
  while (const dirent* entry = ::readdir(tasks)) {
    if (entry->d_name[0] == '.') continue;
    std::ifstream children(std::string("/proc/self/task/") + entry->d_name + "/children");
    for (pid_t pid; children >> pid;)
      if (!spawned.contains(pid)) orphans.push_back(pid);
  }
  ::closedir(tasks);
  return orphans;
}

class SubreaperTree final : public ProcessTree {
 public:
  SubreaperTree() { become_subreaper(); }
  ~SubreaperTree() override { end(); }

  int join_fd() const override { return -1; }

  void signal_all(int signal) override {
    const SpawnedChildren spawned;
    for (const pid_t orphan : adopted_orphans(spawned)) ::kill(orphan, signal);
  }

  // Kills and reaps the orphans until none is left: each one's children are the next.
  void end() override {
    const auto until = Clock::now() + kEndBound;
    while (Clock::now() < until) {
      {
        // Listed, killed and reaped with the set held (see reap_exited_orphans).
        const SpawnedChildren spawned;
        const std::vector<pid_t> orphans = adopted_orphans(spawned);
        if (orphans.empty()) return;
        for (const pid_t orphan : orphans) ::kill(orphan, SIGKILL);
        for (const pid_t orphan : orphans) ::waitpid(orphan, nullptr, WNOHANG);
      }
      std::this_thread::sleep_for(kEndPause);
    }
  }
};

}  // namespace

const std::string& cgroup_parent() {
  static const std::string parent = find_cgroup_parent();
  return parent;
}

std::unique_ptr<ProcessTree> ProcessTree::make() {
  if (!cgroup_parent().empty() && g_cgroups_work.load()) {
    static std::atomic<unsigned> counter{0};
    auto tree =
        std::make_unique<CgroupTree>(cgroup_parent() + "/reactorbench-" +
                                     std::to_string(::getpid()) + "-" + std::to_string(counter++));
    if (tree->ready()) return tree;
    g_cgroups_work.store(false);
  }
  return std::make_unique<SubreaperTree>();
}

}  // namespace rb::proc
