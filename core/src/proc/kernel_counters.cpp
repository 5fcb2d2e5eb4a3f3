#include "proc/kernel_counters.h"

#include <linux/perf_event.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <utility>

#include "proc/tracefs.h"

namespace rb::proc {
namespace {

constexpr std::size_t kSoftwareEvents = 2;  // cs and faults, first in every group

std::string paranoid_level() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  std::string level;
  return in >> level ? level : "unknown";
}

// Why perf_event_open failed, in the terms a user can act on.
std::string open_failure(std::string_view key, int error) {
  std::string why =
      std::string("perf_event_open(") + std::string(key) + "): " + std::strerror(error);
  if (error == EACCES || error == EPERM)
    why += " (kernel.perf_event_paranoid = " + paranoid_level() + "; root or CAP_PERFMON counts)";
  if (error == ENOENT || error == EOPNOTSUPP || error == ENOSYS)
    why += " (the kernel does not offer this event)";
  return why;
}

int perf_open(std::uint32_t type, std::uint64_t config, pid_t tid, int group, bool enabled) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = type;
  attr.config = config;
  // Only the leader's state matters: a group counts while its leader is enabled.
  attr.disabled = group < 0 && !enabled ? 1 : 0;
  attr.inherit = 1;  // threads started later count too, into this counter
  attr.exclude_hv = 1;
  attr.read_format = PERF_FORMAT_GROUP;
  return static_cast<int>(
      ::syscall(SYS_perf_event_open, &attr, tid, -1, group, PERF_FLAG_FD_CLOEXEC));
}

// One thread's group, the leader first; `failed` is the index of the event that could not be
// opened (then nothing stays open), events.size() when all were.
struct OpenedGroup {
  std::vector<int> fds;
  std::size_t failed = 0;
  int error = 0;
};

template <typename Events>
OpenedGroup open_group(const Events& events, pid_t tid, bool enabled) {
  OpenedGroup out;
  for (std::size_t i = 0; i < events.size(); ++i) {
    int fd = perf_open(events[i].type, events[i].config, tid,
                       out.fds.empty() ? -1 : out.fds.front(), enabled);
    if (fd >= 0 && !events[i].filter.empty() &&
        ::ioctl(fd, PERF_EVENT_IOC_SET_FILTER, events[i].filter.c_str()) != 0) {
      const int error = errno;
      ::close(fd);
      fd = -1;
      errno = error;
    }
    if (fd < 0) {
      out.error = errno;
      out.failed = i;
      for (const int opened : out.fds) ::close(opened);
      out.fds.clear();
      return out;
    }
    out.fds.push_back(fd);
  }
  out.failed = events.size();
  return out;
}

bool forced_off() {
  const char* value = std::getenv("RB_KERNEL_COUNTS");
  return value != nullptr && std::string_view(value) == "off";
}

std::vector<pid_t> threads_of(pid_t pid) {
  std::vector<pid_t> threads;
  std::error_code ec;
  const std::filesystem::path dir = "/proc/" + std::to_string(pid) + "/task";
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    threads.push_back(static_cast<pid_t>(std::strtol(name.c_str(), nullptr, 10)));
  }
  if (threads.empty()) threads.push_back(pid);  // gone already: the open says so
  return threads;
}

}  // namespace

const std::vector<std::string>& counted_syscalls() {
  static const std::vector<std::string> names = {
      "epoll_wait", "epoll_pwait",    "epoll_ctl", "read",    "write",
      "readv",      "writev",         "recvfrom",  "recvmsg", "sendto",
      "sendmsg",    "io_uring_enter", "futex",     "accept",  "accept4"};
  return names;
}

long kernel_counter_fds() {
  return static_cast<long>(kSoftwareEvents + 1 + counted_syscalls().size() + 3);
}

KernelCounters KernelCounters::of_this_process() {
  KernelCounters counters;
  counters.open_for({0}, false);
  return counters;
}

KernelCounters KernelCounters::of_process(pid_t pid) {
  KernelCounters counters;
  counters.open_for(threads_of(pid), true);
  counters.last_ = counters.read_totals();
  return counters;
}

KernelCounters::KernelCounters(KernelCounters&& other) noexcept {
  *this = std::move(other);
}

KernelCounters& KernelCounters::operator=(KernelCounters&& other) noexcept {
  if (this == &other) return *this;
  close_all();
  events_ = std::move(other.events_);
  groups_ = std::exchange(other.groups_, {});
  missing_ = std::move(other.missing_);
  last_ = std::move(other.last_);
  usage_before_ = other.usage_before_;
  return *this;
}

KernelCounters::~KernelCounters() {
  close_all();
}

void KernelCounters::close_all() {
  for (const auto& group : groups_)
    for (const int fd : group) ::close(fd);
  groups_.clear();
}

void KernelCounters::open_for(const std::vector<pid_t>& threads, bool enabled) {
  if (forced_off()) {
    missing_ = "RB_KERNEL_COUNTS=off";
    return;
  }
  events_ = {{"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, ""},
             {"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, ""}};
  // The total from raw_syscalls:sys_enter, each name from its own syscalls:sys_enter_NAME: a
  // call then fires the total's event and its own name's only. (One raw_syscalls event per name
  // with an id filter fired all of them on every call: ~1 us more a call while counting, where
  // this costs ~0.1 us.) Tracepoints are registered once per machine while the runner holds
  // its own (kernel_counts_missing_here), not once per process.
  if (const auto tracefs = find_tracefs()) {
    if (const auto enter = tracepoint_id(*tracefs, "raw_syscalls", "sys_enter")) {
      events_.push_back({"sys.total", PERF_TYPE_TRACEPOINT, *enter, ""});
      for (const auto& name : counted_syscalls())
        if (const auto id = tracepoint_id(*tracefs, "syscalls", "sys_enter_" + name))
          events_.push_back({"sys." + name, PERF_TYPE_TRACEPOINT, *id, ""});
      // epoll_ctl by its op: libevent2 re-arms with ADD (a fast EEXIST), muduo with MOD, and on
      // bench.c that alone made libevent2's set-up 20% faster.
      if (const auto ctl = tracepoint_id(*tracefs, "syscalls", "sys_enter_epoll_ctl"))
        for (const auto& [op, number] :
             {std::pair{"add", EPOLL_CTL_ADD}, std::pair{"mod", EPOLL_CTL_MOD},
              std::pair{"del", EPOLL_CTL_DEL}})
          events_.push_back({std::string("sys.epoll_ctl.") + op, PERF_TYPE_TRACEPOINT, *ctl,
                             "op == " + std::to_string(number)});
    } else {
      missing_ = "syscalls: " + tracefs->string() + " has no raw_syscalls:sys_enter";
    }
  } else {
    missing_ = "syscalls: no tracefs (no events/ in";
    for (const auto& root : tracefs_candidates()) missing_ += " " + root.string();
    missing_ += "; is tracefs mounted?)";
  }
  for (const pid_t tid : threads) {
    OpenedGroup opened = open_group(events_, tid, enabled);
    if (opened.failed == events_.size()) {
      groups_.push_back(std::move(opened.fds));
      continue;
    }
    // A later thread that fails (it ended since it was listed) only loses its own counts.
    if (!groups_.empty()) continue;
    if (opened.failed < kSoftwareEvents) {
      missing_ = open_failure(events_[opened.failed].key, opened.error);
      events_.clear();
      return;
    }
    // Count what can be: without the names (one refused), or without system calls.
    const std::size_t keep =
        opened.failed > kSoftwareEvents ? kSoftwareEvents + 1 : kSoftwareEvents;
    missing_ = (keep > kSoftwareEvents ? "syscalls by name: " : "syscalls: ") +
               open_failure(events_[opened.failed].key, opened.error);
    events_.resize(keep);
    opened = open_group(events_, tid, enabled);
    if (opened.failed != events_.size()) {
      missing_ = open_failure(events_[opened.failed].key, opened.error);
      events_.clear();
      return;
    }
    groups_.push_back(std::move(opened.fds));
  }
}

std::vector<std::uint64_t> KernelCounters::read_totals() const {
  std::vector<std::uint64_t> totals(events_.size(), 0);
  std::vector<std::uint64_t> buffer(events_.size() + 1);
  for (const auto& group : groups_) {
    const ssize_t n = ::read(group.front(), buffer.data(), buffer.size() * sizeof(std::uint64_t));
    if (n < static_cast<ssize_t>(sizeof(std::uint64_t))) continue;
    const std::size_t values = std::min<std::size_t>(buffer[0], events_.size());
    for (std::size_t i = 0; i < values; ++i) totals[i] += buffer[i + 1];
  }
  return totals;
}

KernelCounts KernelCounters::as_counts(const std::vector<std::uint64_t>& from,
                                       const std::vector<std::uint64_t>& to) const {
  KernelCounts counts;
  for (std::size_t i = 0; i < events_.size() && i < from.size() && i < to.size(); ++i)
    counts[events_[i].key] = to[i] >= from[i] ? to[i] - from[i] : 0;
  return counts;
}

void KernelCounters::begin_window() {
  if (!counting()) return;
  usage_before_ = process_usage_now();
  last_ = read_totals();
  // The leader alone: a group counts only while its leader does, and siblings disabled along
  // with it (PERF_IOC_FLAG_GROUP) did not count again after a group enable (6.18, measured).
  for (const auto& group : groups_) ::ioctl(group.front(), PERF_EVENT_IOC_ENABLE, 0);
}

KernelCounts KernelCounters::end_window() {
  if (!counting()) return {};
  for (const auto& group : groups_) ::ioctl(group.front(), PERF_EVENT_IOC_DISABLE, 0);
  KernelCounts counts = as_counts(last_, read_totals());
  const ProcessUsage usage = usage_between(usage_before_, process_usage_now());
  // The ioctl that disabled the counters entered the kernel while they still counted.
  if (auto it = counts.find("sys.total"); it != counts.end() && it->second >= groups_.size())
    it->second -= groups_.size();
  counts["cs.voluntary"] = usage.voluntary_cs;
  counts["cs.involuntary"] = usage.involuntary_cs;
  return counts;
}

KernelCounts KernelCounters::since_last() {
  if (!counting()) return {};
  std::vector<std::uint64_t> now = read_totals();
  KernelCounts counts = as_counts(last_, now);
  last_ = std::move(now);
  return counts;
}

const std::string& kernel_counts_missing_here() {
  static const KernelCounters held = KernelCounters::of_this_process();
  return held.missing();
}

}  // namespace rb::proc
