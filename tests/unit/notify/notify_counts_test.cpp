// Every notify plugin and variant hands over exactly 1..N, with one and with two producers.
#include <gtest/gtest.h>

#include "built_plugins.h"
#include "notify_driver.h"
#include "notify_variants.h"

namespace rb_test {
namespace {

TEST(NotifyPlugins, OurMechanismsAreAllPresent) {
  const std::vector<std::string> paths = PluginPathsOffering("notify");
  for (const char* stem : {"libevent2", "raw_epoll", "muduo", "epoll_add_always", "condvar_queue"})
    EXPECT_NE(std::find(paths.begin(), paths.end(), PluginPath(stem)), paths.end())
        << stem << " does not offer notify";
}

struct CountCase {
  NotifyVariant variant;
  std::uint32_t producers;
};

class NotifyCounts : public ::testing::TestWithParam<CountCase> {};

TEST_P(NotifyCounts, ConsumerTakesEachItemExactlyOnce) {
  const CountCase& c = GetParam();
  NotifyRun run;
  run.items = 100'000;
  run.producers = c.producers;
  run.options = c.variant.options;
  const NotifyOutcome outcome = RunNotify(NotifyOpsOf(c.variant.path), run);
  ASSERT_EQ(outcome.start_rc, RB_OK) << outcome.error;
  ASSERT_EQ(outcome.post_rc, RB_OK);
  ASSERT_EQ(outcome.finish_rc, RB_OK) << outcome.error;
  EXPECT_EQ(outcome.count, run.items);
  EXPECT_EQ(outcome.sum, SumOneTo(run.items));
  ASSERT_EQ(outcome.counters.count("wakeups"), 1u);
  // A wake-up that found work took at least one item. (Zero is possible: a queue consumer
  // that never found its queue empty never slept.)
  EXPECT_LE(outcome.counters.at("wakeups"), run.items);
}

std::vector<CountCase> CountCases() {
  std::vector<CountCase> cases;
  for (const NotifyVariant& variant : NotifyVariants())
    for (std::uint32_t producers : {1u, 2u}) cases.push_back({variant, producers});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(PluginDir, NotifyCounts, ::testing::ValuesIn(CountCases()),
                         [](const auto& info) {
                           return info.param.variant.label + "_producers_" +
                                  std::to_string(info.param.producers);
                         });

class NotifyEveryPlugin : public ::testing::TestWithParam<std::string> {};

TEST_P(NotifyEveryPlugin, NothingPostedFinishesWithZero) {
  NotifyRun run;
  run.items = 0;
  const NotifyOutcome outcome = RunNotify(NotifyOpsOf(GetParam()), run);
  ASSERT_EQ(outcome.finish_rc, RB_OK) << outcome.error;
  EXPECT_EQ(outcome.count, 0u);
  EXPECT_EQ(outcome.sum, 0u);
  EXPECT_EQ(outcome.counters.count("wakeups"), 1u);
}

TEST_P(NotifyEveryPlugin, PinnedConsumerStillCountsEverything) {
  NotifyRun run;
  run.items = 20'000;
  run.consumer_cpu = 0;
  const NotifyOutcome outcome = RunNotify(NotifyOpsOf(GetParam()), run);
  ASSERT_EQ(outcome.finish_rc, RB_OK) << outcome.error;
  EXPECT_EQ(outcome.count, run.items);
  EXPECT_EQ(outcome.sum, SumOneTo(run.items));
}

INSTANTIATE_TEST_SUITE_P(PluginDir, NotifyEveryPlugin,
                         ::testing::ValuesIn(PluginPathsOffering("notify")),
                         [](const auto& info) { return TestNameOf(info.param); });

}  // namespace
}  // namespace rb_test
