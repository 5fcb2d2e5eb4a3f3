// The process-tree reaper beside other children (issue 31, item 8, reviewed): the runner
// starts cells from several threads at once (duet, lockstep), so ending one child's tree must
// never kill or reap another live child, an orphan's reap must never take a spawned child's
// exit status, and an orphan that exited early must not stay behind as the runner's zombie.
// The tree is whichever this machine gives (a cgroup where the hierarchy is writable, the
// subreaper otherwise); the runner-level tests (two_hosts/leftover_processes_test) run both.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "../../support/scratch_dir.h"
#include "proc/child_process.h"
#include "proc/spawn.h"

namespace rb::proc {
namespace {

using namespace std::chrono_literals;

// Every child of this process, whichever thread forked or adopted it (zombies included).
std::vector<pid_t> own_children() {
  std::vector<pid_t> out;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream children(task.path() / "children");
    for (pid_t pid; children >> pid;) out.push_back(pid);
  }
  return out;
}

bool pid_exists(pid_t pid) {
  return std::filesystem::exists("/proc/" + std::to_string(pid));
}

// Until `pid` has exited (a zombie still to reap); the test's own timeout bounds it.
void wait_until_exited(pid_t pid) {
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
  }
}

ChildProcess shell(const std::string& script, const rbtest::ScratchDir& dir,
                   const std::string& name) {
  return ChildProcess({"/bin/sh", "-c", script}, dir.path() / (name + ".log"), -1);
}

// A double fork's short-lived helper exits while the child still runs: it was adopted by the
// runner (a subreaper in both ways) and, with a cgroup, the tree was no longer populated when
// the child was reaped, so nothing reaped it: a zombie for the rest of the run.
TEST(ProcessTree, AnOrphanThatExitedBeforeTheChildIsReapedWithIt) {
  rbtest::ScratchDir dir;
  ChildProcess child = shell("(sleep 0.05 &); sleep 0.4", dir, "child");
  reap_all({&child});
  EXPECT_TRUE(WIFEXITED(child.wait_status()) && WEXITSTATUS(child.wait_status()) == 0);
  EXPECT_EQ(own_children(), std::vector<pid_t>{}) << "an adopted orphan was left a zombie";
}

// Two children at once, from two threads, as a duet runs them: the first leaves a daemon
// behind and ends; ending its tree kills the daemon but neither kills nor reaps the second
// child, whose exit status is its own.
TEST(ProcessTree, EndingOneTreeLeavesAnotherLiveChildAndItsExitStatusAlone) {
  rbtest::ScratchDir dir;
  const auto go = dir.path() / "go";  // the other child runs until the test says so
  ChildProcess other =
      shell("while [ ! -e " + go.string() + " ]; do sleep 0.01; done; exit 7", dir, "other");
  std::thread ending([&] {
    ChildProcess leaver = shell("(setsid sleep 30 &); exit 0", dir, "leaver");
    reap_all({&leaver});
  });
  ending.join();
  EXPECT_FALSE(other.try_reap()) << "the other child was reaped with the first one's tree";
  EXPECT_TRUE(pid_exists(other.pid()));
  EXPECT_EQ(own_children(), std::vector<pid_t>{other.pid()}) << "the daemon outlived its tree";
  std::ofstream(go) << "go\n";
  reap_all({&other});
  EXPECT_TRUE(WIFEXITED(other.wait_status()) && WEXITSTATUS(other.wait_status()) == 7);
}

// While an orphan scan holds the spawned set, no spawned child is reaped: reaping one and
// forgetting it are one step. Before, wait_for_exit reaped first and waited for the set only
// to forget the pid; a new child given that pid meanwhile was forgotten with it, and the next
// scan took it for an orphan, killed it and reaped its exit status.
TEST(ProcessTree, NoSpawnedChildIsReapedWhileAScanHoldsTheSpawnedSet) {
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "exit 3"};
  const pid_t pid = spawn(request).pid;
  wait_until_exited(pid);
  int status = -1;
  std::thread waiter;
  {
    const SpawnedChildren held;
    waiter = std::thread([&] { status = wait_for_exit(pid); });
    std::this_thread::sleep_for(100ms);  // time enough to reap, were it allowed
    EXPECT_TRUE(held.contains(pid));
    EXPECT_TRUE(pid_exists(pid)) << "the zombie was reaped while the set still listed it";
  }
  waiter.join();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 3);
  EXPECT_FALSE(pid_exists(pid));
  EXPECT_FALSE(SpawnedChildren().contains(pid));
}

}  // namespace
}  // namespace rb::proc
