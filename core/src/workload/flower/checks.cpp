#include "workload/flower/checks.h"

#include <signal.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>
#include <optional>

#include "plugin/loader.h"
#include "workload/checks/check_helpers.h"
#include "workload/checks/unknown_option_check.h"
#include "workload/checks/watched_session.h"
#include "workload/fd_pairs.h"
#include "workload/workload.h"

namespace rb::workload::flower {
namespace {

using workload::CellFailure;

struct Shape {
  uint32_t pipes;
  uint32_t active;
  uint32_t writes;
  const char* transport;
};

// Edge cases first: one pipe and no writes; a pair; a ring the potato circles many times;
// every pipe primed; an `active` that does not divide `pipes`.
constexpr Shape kCountShapes[] = {{1, 1, 0, "socketpair"},
                                  {2, 1, 5, "pipe"},
                                  {16, 4, 64, "socketpair"},
                                  {64, 64, 200, "pipe"},
                                  {100, 7, 100, "socketpair"}};
constexpr int kCountIterations = 5;
constexpr Shape kLifecycleShape = {16, 4, 16, "socketpair"};
constexpr int kLifecycleIterations = 3;

std::string label(const Shape& shape) {
  return fmt::format("pipes={} active={} writes={} transport={}", shape.pipes, shape.active,
                     shape.writes, shape.transport);
}

const rb_flower_ops& flower_ops(const CheckContext& context) {
  if (!context.plugin.flower) throw CellFailure("the plugin offers no flower table");
  return *context.plugin.flower;
}

// One prepare..release of the plugin on a set of fd pairs, every call under the watchdog.
class FlowerSession {
 public:
  FlowerSession(CheckContext& context, const Shape& shape, const workload::FdPairs& fds)
      : shape_(shape), fds_(fds), plugin_(context, flower_ops(context)) {
    const rb_flower_params params{
        sizeof(rb_flower_params), shape.pipes,           shape.active, shape.writes,
        fds.read_fds().data(),    fds.write_fds().data()};
    plugin_.prepare("prepare", context.host, params, context.options);
  }

  WatchedSession<rb_flower_ops>& plugin() { return plugin_; }

  // One iteration as the runner drives it, then everything the host can verify about it.
  void iteration(int index) {
    plugin_.call("arm", &rb_flower_ops::arm);
    prime();
    plugin_.call("dispatch", &rb_flower_ops::dispatch);
    verify_counts(plugin_.counters(), index);
    verify_drained(index);
  }

 private:
  void prime() const {
    const uint32_t space = shape_.pipes / shape_.active;
    for (uint32_t i = 0; i < shape_.active; ++i)
      if (::write(fds_.write_fds()[i * space], "e", 1) != 1)
        throw CellFailure(
            fmt::format("host could not prime pipe {}: {}", i * space, std::strerror(errno)));
  }

  uint64_t counter(const plugin::Counters& counters, const char* name, int index) const {
    const auto it = counters.find(name);
    if (it == counters.end())
      throw CellFailure(fmt::format("{}, iteration {}: the required counter '{}' is missing",
                                    label(shape_), index, name));
    return it->second;
  }

  void verify_counts(const plugin::Counters& counters, int index) const {
    const uint64_t reads = counter(counters, "reads", index);
    const uint64_t writes = counter(counters, "writes", index);
    const uint64_t expected_reads = uint64_t{shape_.active} + shape_.writes;
    if (reads != expected_reads || writes != shape_.writes)
      throw CellFailure(
          fmt::format("{}, iteration {}: expected {} reads and {} writes, got {} "
                      "reads and {} writes",
                      label(shape_), index, expected_reads, shape_.writes, reads, writes));
  }

  // Every byte written (the host's `active` and the plugin's `writes`) must have been read:
  // a plugin that reports the right counts without doing the reads leaves bytes behind.
  void verify_drained(int index) const {
    for (uint32_t i = 0; i < shape_.pipes; ++i) {
      int pending = 0;
      if (::ioctl(fds_.read_fds()[i], FIONREAD, &pending) == 0 && pending > 0)
        throw CellFailure(
            fmt::format("{}, iteration {}: after dispatch pipe {} still holds {} "
                        "unread byte(s)",
                        label(shape_), index, i, pending));
    }
  }

  Shape shape_;
  const workload::FdPairs& fds_;
  WatchedSession<rb_flower_ops> plugin_;
};

void check_counts(CheckContext& context) {
  const Shape& shape = variant_shape(context, kCountShapes, "flower.counts");
  const workload::FdPairs fds(shape.pipes, shape.transport);
  FlowerSession session(context, shape, fds);
  for (int i = 0; i < kCountIterations; ++i) session.iteration(i);
  session.plugin().release();
}

void check_unknown_option(CheckContext& context) {
  const rb_flower_ops& ops = flower_ops(context);
  const workload::FdPairs fds(kLifecycleShape.pipes, kLifecycleShape.transport);
  const rb_flower_params params{sizeof(rb_flower_params), kLifecycleShape.pipes,
                                kLifecycleShape.active,   kLifecycleShape.writes,
                                fds.read_fds().data(),    fds.write_fds().data()};
  expect_unknown_option_refused_by(context, "prepare", ops, params);
}

// The pipes of the census checks: the host's, made before the census and kept for the
// process, so a plugin that closes one of them is caught.
const workload::FdPairs& host_fds() {
  static const workload::FdPairs fds(kLifecycleShape.pipes, kLifecycleShape.transport);
  return fds;
}

void make_host_fds() {
  host_fds();
}

void lifecycle(CheckContext& context) {
  FlowerSession session(context, kLifecycleShape, host_fds());
  for (int i = 0; i < kLifecycleIterations; ++i) session.iteration(i);
}

// Delivers SIGTERM to this process after a delay, as the runner's parent does at a cell's
// deadline; the worker's handler turns it into stop_requested() != 0.
class StopRequestTimer {
 public:
  explicit StopRequestTimer(std::chrono::milliseconds delay) {
    sigevent event{};
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGTERM;
    if (::timer_create(CLOCK_MONOTONIC, &event, &timer_) != 0)
      throw std::runtime_error(fmt::format("timer_create: {}", std::strerror(errno)));
    itimerspec when{};
    when.it_value.tv_sec = static_cast<time_t>(delay.count() / 1000);
    when.it_value.tv_nsec = static_cast<long>(delay.count() % 1000) * 1'000'000;
    ::timer_settime(timer_, 0, &when, nullptr);
  }
  ~StopRequestTimer() { ::timer_delete(timer_); }
  StopRequestTimer(const StopRequestTimer&) = delete;
  StopRequestTimer& operator=(const StopRequestTimer&) = delete;

 private:
  timer_t timer_{};
};

// Nothing is primed, so the loop can only end because the host asks it to.
void check_stop(CheckContext& context) {
  const Shape shape{8, 2, 0, "socketpair"};
  const workload::FdPairs fds(shape.pipes, shape.transport);
  FlowerSession session(context, shape, fds);
  session.plugin().call("arm", &rb_flower_ops::arm);
  const StopRequestTimer stop(std::chrono::milliseconds(100));
  const std::string overrun = fmt::format(
      "dispatch did not return within {} ms although the host asked it to stop "
      "(SIGTERM, then host->stop_requested() != 0): poll with a finite timeout "
      "and check stop_requested",
      context.watchdog.limit().count());
  if (session.plugin().try_call({"dispatch", overrun}, &rb_flower_ops::dispatch).ok())
    throw CellFailure(
        "dispatch returned RB_OK after the host asked it to stop with nothing "
        "read (it must return an error)");
  session.plugin().release();
}

}  // namespace

// The census checks come last: each needs the plugin's whole life to work first.
std::vector<Check> checks() {
  return joined(
      {
          {"flower.counts", "flower",
           fmt::format("reads, writes and drained pipes right in {} shapes x {} iterations",
                       std::size(kCountShapes), kCountIterations),
           static_cast<int>(std::size(kCountShapes)), check_counts},
          options_check("flower", check_unknown_option),
          {"flower.stop", "flower", "dispatch returns an error once the host asks it to stop", 1,
           check_stop},
      },
      census_checks<lifecycle, make_host_fds>("flower"));
}

}  // namespace rb::workload::flower
