// What the kernel did for a process, counted by the kernel itself (perf_event_open): system
// calls in total (raw_syscalls:sys_enter) and by name (syscalls:sys_enter_NAME), context
// switches and page faults. Unlike times these counts do not drift with the machine, so a
// change in them between two builds is evidence of its own (issue 30, part 3).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "proc/own_usage.h"

namespace rb::proc {

// The keys of the counts:
//   sys.total            every system call (raw_syscalls:sys_enter)
//   sys.<name>           the calls reactors make, by name (counted_syscalls())
//   sys.epoll_ctl.add, .mod, .del
//                        epoll_ctl by its op (from the syscalls:sys_enter_epoll_ctl tracepoint)
//   cs                   context switches of every counted thread (the kernel's software event)
//   cs.voluntary, cs.involuntary
//                        this process's own windows only: getrusage's split of them, which
//                        covers every thread of the process, the exited ones included (perf
//                        has no split; the sched_switch tracepoint's state field would
//                        tell, but its encoding changes between kernels)
//   faults               page faults
using KernelCounts = std::map<std::string, std::uint64_t>;

// The names counted one by one. A name the kernel has no tracepoint for (epoll_wait on arm64)
// is left out: its calls are still in sys.total.
const std::vector<std::string>& counted_syscalls();

// How many descriptors one process's counters hold (the cell's process opens them beside the
// plugin's, so its descriptor limit grows by this much).
long kernel_counter_fds();

class KernelCounters {
 public:
  // This process: the calling thread and every thread it starts from now on (inherit, which
  // does not reach threads that already run: open it before a plugin is loaded), counting only
  // between begin_window() and end_window().
  static KernelCounters of_this_process();
  // Another process: every thread it has now and each thread those start, counting at once;
  // since_last() reads them. For a server the runner started, from the runner's side.
  static KernelCounters of_process(pid_t pid);

  KernelCounters(KernelCounters&& other) noexcept;
  KernelCounters& operator=(KernelCounters&& other) noexcept;
  KernelCounters(const KernelCounters&) = delete;
  KernelCounters& operator=(const KernelCounters&) = delete;
  ~KernelCounters();

  // Whether anything is counted.
  bool counting() const { return !groups_.empty(); }
  // What is not counted and why ("" when everything is): all of it ("perf_event_open(cs):
  // Permission denied ...") or the system calls only ("syscalls: no tracefs ...").
  const std::string& missing() const { return missing_; }

  // This process: counting starts; end_window stops it and returns what happened between
  // (the one ioctl that stops the counters is not counted: sys.total leaves it out). Empty when
  // nothing is counted.
  void begin_window();
  KernelCounts end_window();

  // Another process: the counts since the previous call (or since it was opened).
  KernelCounts since_last();

 private:
  struct Event {
    std::string key;
    std::uint32_t type;
    std::uint64_t config;
    std::string filter;  // a tracepoint filter ("id == 232"), empty for none
  };
  KernelCounters() = default;
  void open_for(const std::vector<pid_t>& threads, bool enabled);
  std::vector<std::uint64_t> read_totals() const;
  KernelCounts as_counts(const std::vector<std::uint64_t>& from,
                         const std::vector<std::uint64_t>& to) const;
  void close_all();

  std::vector<Event> events_;
  std::vector<std::vector<int>> groups_;  // per thread: the leader first, then its siblings
  std::string missing_;
  std::vector<std::uint64_t> last_;
  ProcessUsage usage_before_;
};

// Why this machine (and user) cannot count everything, "" when it can: what a process opening
// its own counters would find. Worked out once per process, whose counters then stay open
// (never enabled) until it exits: while any process holds a tracepoint's perf event, another
// one opens and closes its own without registering the tracepoint again, which otherwise costs
// ~0.1 s a process (an RCU grace period as each unregisters; measured 80-115 ms here against
// under 1 ms). The runner calls it once before its first cell.
const std::string& kernel_counts_missing_here();

}  // namespace rb::proc
