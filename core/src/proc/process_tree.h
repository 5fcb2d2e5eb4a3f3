// Everything a child started, however it tried to leave: the one process-tree reaper of
// every child the runner ends (a cell, a launched side, a server program, `serve`'s server).
// A process group is not enough: a server_command that daemonizes (double fork) or starts a
// `setsid` child leaves its group, and a signal to the group no longer reaches it.
//
// Two ways, chosen once per runner process:
//  - cgroup: each child runs in a cgroup of its own (cgroup v2, created under the runner's
//    own cgroup; the child joins it between fork and exec, so nothing it starts can be
//    outside), ended with cgroup.kill and removed; nothing can leave a cgroup it cannot
//    write to. The runner is a subreaper here too, only to reap what was killed.
//  - subreaper, where cgroups are not writable (or REACTORBENCH_NO_CGROUPS is set): the
//    runner is a PR_SET_CHILD_SUBREAPER, so whatever a child leaves behind when its parent
//    dies becomes the runner's child; ending a tree kills and reaps every such orphan (a
//    process whose parent is the runner and that spawn() did not start), again and again
//    until none is left, since an orphan's own children become orphans in turn.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

namespace rb::proc {

class ProcessTree {
 public:
  // A cgroup for one child when the hierarchy is writable, the subreaper otherwise.
  static std::unique_ptr<ProcessTree> make();
  virtual ~ProcessTree() = default;

  // For SpawnRequest::join_cgroup_fd: the tree's cgroup.procs (-1 without a cgroup).
  virtual int join_fd() const = 0;
  // Sends `signal` to every process of the tree the group signal may have missed.
  virtual void signal_all(int signal) = 0;
  // Kills whatever is left of the tree (its first process having been reaped) and waits
  // until it is gone; the cgroup is removed. Safe to call more than once.
  virtual void end() = 0;
};

// Where the runner's cgroups go ("" when cgroups are not writable here, or the environment
// says REACTORBENCH_NO_CGROUPS): the runner's own cgroup v2 directory.
const std::string& cgroup_parent();

}  // namespace rb::proc
