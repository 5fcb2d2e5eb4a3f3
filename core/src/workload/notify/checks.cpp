#include "workload/notify/checks.h"

#include <fmt/format.h>
#include <optional>

#include "plugin/loader.h"
#include "workload/checks/check_helpers.h"
#include "workload/checks/unknown_option_check.h"
#include "workload/checks/watched_session.h"
#include "workload/notify/producers.h"
#include "workload/notify/values.h"
#include "workload/workload.h"

namespace rb::workload::notify {
namespace {

using workload::CellFailure;

struct Shape {
  std::uint64_t items;
  std::uint32_t producers;
};

// One item (a single wakeup at most), a stream from one producer, and producers racing.
constexpr Shape kChecksumShapes[] = {{1, 1}, {10000, 1}, {20000, 2}, {6000, 3}};
constexpr int kChecksumIterations = 2;
constexpr Shape kLifecycleShape = {2000, 2};

std::string label(const Shape& shape) {
  return fmt::format("items={} producers={}", shape.items, shape.producers);
}

const rb_notify_ops& notify_ops(const CheckContext& context) {
  if (!context.plugin.notify) throw CellFailure("the plugin offers no notify table");
  return *context.plugin.notify;
}

// One start..release of the plugin's consumer, every call under the watchdog.
class NotifySession {
 public:
  NotifySession(CheckContext& context, const Shape& shape)
      : context_(context), shape_(shape), plugin_(context, notify_ops(context)) {
    const rb_notify_params params{sizeof(rb_notify_params), shape.producers, shape.items, -1};
    plugin_.prepare("start", context.host, params, context.options);
  }

  // Host threads post the first `items` values (all of them by default), as the runner does.
  void post(std::optional<std::uint64_t> items = std::nullopt) {
    const workload::ProducerPlan plan{items.value_or(shape_.items), shape_.producers, -1};
    workload::ProducerGroup producers(plugin_.ops(), plugin_.state(), plan);
    producers.wait_until_parked();
    context_.watchdog.guard("post", [&] {
      producers.open_gate();
      producers.join();
    });
    if (auto why = producers.failure()) throw CellFailure(label(shape_) + ": " + *why);
  }

  // finish, then the checksum and the required counter.
  void finish_and_verify(int iteration) {
    rb_notify_result result{sizeof(rb_notify_result), 0, 0};
    plugin_.call("finish", &rb_notify_ops::finish, &result);
    const std::uint64_t sum = workload::sum_one_to(shape_.items);
    if (result.count != shape_.items || result.sum != sum)
      throw CellFailure(
          fmt::format("{}, iteration {}: expected count {} and sum {}, got count {} "
                      "and sum {}",
                      label(shape_), iteration, shape_.items, sum, result.count, result.sum));
    const auto counters = plugin_.counters();
    const auto wakeups = counters.find("wakeups");
    if (wakeups == counters.end())
      throw CellFailure(fmt::format("{}, iteration {}: the required counter 'wakeups' is missing",
                                    label(shape_), iteration));
  }

  void release() { plugin_.release(); }

 private:
  CheckContext& context_;
  Shape shape_;
  WatchedSession<rb_notify_ops> plugin_;
};

// The runner starts a fresh consumer every iteration; so does this check.
void check_checksum(CheckContext& context) {
  const Shape& shape = variant_shape(context, kChecksumShapes, "notify.checksum");
  for (int i = 0; i < kChecksumIterations; ++i) {
    NotifySession session(context, shape);
    session.post();
    session.finish_and_verify(i);
    session.release();
  }
}

void check_unknown_option(CheckContext& context) {
  const rb_notify_ops& ops = notify_ops(context);
  const rb_notify_params params{sizeof(rb_notify_params), 1, 10, -1};
  expect_unknown_option_refused_by(context, "start", ops, params);
}

void one_full_iteration(CheckContext& context) {
  NotifySession session(context, kLifecycleShape);
  session.post();
  session.finish_and_verify(0);
}

// The runner releases without finish when an iteration fails half-way: release must stop a
// consumer that still has work queued, and leave nothing behind.
void check_release_without_finish(CheckContext& context) {
  expect_fds_restored_by([&] {
    expect_no_threads_left_by([&] {
      NotifySession session(context, kLifecycleShape);
      session.post(kLifecycleShape.items / 2);
    });
  });
}

}  // namespace

std::vector<Check> checks() {
  return joined(
      {
          {"notify.checksum", "notify",
           fmt::format("count and sum of 1..items right in {} shapes (1 to 3 producers) x {} "
                       "iterations; 'wakeups' reported",
                       std::size(kChecksumShapes), kChecksumIterations),
           static_cast<int>(std::size(kChecksumShapes)), check_checksum},
          options_check("notify", check_unknown_option),
          {"notify.abandon", "notify",
           "release without finish stops a consumer with work queued and leaves nothing behind", 1,
           check_release_without_finish},
      },
      census_checks<one_full_iteration>("notify", "the consumer thread is gone after release"));
}

}  // namespace rb::workload::notify
