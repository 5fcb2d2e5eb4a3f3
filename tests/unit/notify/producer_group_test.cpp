// The host's producer threads against a fake post(): every value of 1..items arrives
// exactly once whatever the number of producers, nothing is posted before the gate opens,
// and failures are reported rather than lost.
#include "workload/notify/producers.h"

#include <gtest/gtest.h>

#include <mutex>
#include <vector>

namespace rb::workload {
namespace {

struct Recorder {
  std::mutex mutex;
  std::vector<int> seen;  // seen[v] = how many times v was posted
  std::uint64_t fail_at = 0;

  explicit Recorder(std::uint64_t items) : seen(items + 1, 0) {}
};

int RecordPost(void* state, uint64_t value) {
  auto* recorder = static_cast<Recorder*>(state);
  std::lock_guard lock(recorder->mutex);
  if (value == recorder->fail_at) return RB_ERR_SYSTEM;
  if (value >= recorder->seen.size()) return RB_ERR_INVALID_ARGUMENT;
  recorder->seen[value] += 1;
  return RB_OK;
}

rb_notify_ops FakeOps() {
  rb_notify_ops ops{};
  ops.struct_size = sizeof ops;
  ops.post = &RecordPost;
  return ops;
}

class ProducerCounts : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(ProducerCounts, EveryValuePostedExactlyOnce) {
  const std::uint64_t items = 10'007;
  Recorder recorder(items);
  const rb_notify_ops ops = FakeOps();
  ProducerGroup group(ops, &recorder, {items, GetParam(), -1});
  group.wait_until_parked();
  group.open_gate();
  group.join();
  EXPECT_FALSE(group.failure().has_value());
  for (std::uint64_t v = 1; v <= items; ++v) ASSERT_EQ(recorder.seen[v], 1) << "value " << v;
  EXPECT_EQ(recorder.seen[0], 0);
}

INSTANTIATE_TEST_SUITE_P(Producers, ProducerCounts, ::testing::Values(1u, 2u, 3u, 8u));

TEST(ProducerGroup, NothingIsPostedWhenTheGateNeverOpens) {
  Recorder recorder(100);
  const rb_notify_ops ops = FakeOps();
  {
    ProducerGroup group(ops, &recorder, {100, 2, -1});
    group.wait_until_parked();
  }
  for (int count : recorder.seen) EXPECT_EQ(count, 0);
}

TEST(ProducerGroup, AFailedPostIsReportedWithItsValue) {
  Recorder recorder(1000);
  recorder.fail_at = 700;
  const rb_notify_ops ops = FakeOps();
  ProducerGroup group(ops, &recorder, {1000, 1, -1});
  group.wait_until_parked();
  group.open_gate();
  group.join();
  ASSERT_TRUE(group.failure().has_value());
  EXPECT_EQ(*group.failure(), "post(700) from producer 0 failed (system error)");
  EXPECT_EQ(recorder.seen[699], 1);
  EXPECT_EQ(recorder.seen[701], 0);  // that producer stopped at the failure
}

TEST(ProducerGroup, AnUnusableCpuIsReportedBeforeAnythingIsPosted) {
  Recorder recorder(100);
  const rb_notify_ops ops = FakeOps();
  ProducerGroup group(ops, &recorder, {100, 2, 1023});
  group.wait_until_parked();
  ASSERT_TRUE(group.failure().has_value());
  EXPECT_NE(group.failure()->find("could not be pinned to cpu 1023"), std::string::npos)
      << *group.failure();
  group.open_gate();
  group.join();
  for (int count : recorder.seen) EXPECT_EQ(count, 0);
}

}  // namespace
}  // namespace rb::workload
