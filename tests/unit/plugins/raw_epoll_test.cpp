#include <gtest/gtest.h>
#include <sys/utsname.h>

#include "built_plugins.h"
#include "flower_expectations.h"

namespace rb_test {
namespace {

const rb_plugin& RawEpoll() {
  return LoadBuiltPlugin("raw_epoll");
}

TEST(RawEpoll, NamesItselfAndTheKernel) {
  const rb_plugin& plugin = RawEpoll();
  EXPECT_TRUE(NamesItselfAndItsLibrary(plugin, "raw-epoll", "linux-epoll"));
  utsname names{};
  ASSERT_EQ(uname(&names), 0);
  EXPECT_STREQ(plugin.library_version(), names.release);
}

TEST(RawEpoll, OneEventPerWaitStillKeepsCountsExact) {
  const FlowerShape shape{100, 100, 100, Transport::kSocketpair};
  FlowerDriver driver(RawEpoll(), shape);
  EXPECT_TRUE(PreparesAndRunsExactly(driver, shape, {{"max_events", "1"}}, 2));
  ASSERT_TRUE(driver.RunIteration().ok());
  // One event per epoll_wait: at least one call per read.
  EXPECT_GE(driver.ReadCounters().at("loop_iterations"), 200u);
}

TEST(RawEpoll, WaitsOnceForManyReadyPipes) {
  const FlowerShape shape{100, 100, 0, Transport::kSocketpair};
  FlowerDriver driver(RawEpoll(), shape);
  ASSERT_TRUE(PreparesAndRunsOnce(driver));
  // All 100 bytes are queued before dispatch and the default batch holds them all.
  EXPECT_EQ(driver.ReadCounters().at("loop_iterations"), 1u);
}

class RawEpollMaxEvents : public ::testing::TestWithParam<std::string> {};

TEST_P(RawEpollMaxEvents, RejectsAValueThatIsNotAPositiveInteger) {
  FlowerDriver driver(RawEpoll(), {10, 1, 0, Transport::kSocketpair});
  EXPECT_TRUE(
      PrepareRefuses(driver, {{"max_events", GetParam()}}, RB_ERR_INVALID_ARGUMENT, "max_events"));
}

INSTANTIATE_TEST_SUITE_P(BadValues, RawEpollMaxEvents,
                         ::testing::Values("0", "-1", "ten", "", "12abc", " 12",
                                           "99999999999999999999"));

TEST(RawEpoll, RejectsMoreActiveThanPipes) {
  FlowerDriver driver(RawEpoll(), {2, 3, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {}, RB_ERR_INVALID_ARGUMENT, "active"));
}

}  // namespace
}  // namespace rb_test
