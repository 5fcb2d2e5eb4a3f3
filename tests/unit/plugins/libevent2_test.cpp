#include <gtest/gtest.h>

#include "built_plugins.h"
#include "flower_expectations.h"

namespace rb_test {
namespace {

const rb_plugin& Libevent2() {
  return LoadPlugin(PluginPath("libevent2"));
}

TEST(Libevent2, NamesItselfAndTheLibrary) {
  const rb_plugin& plugin = Libevent2();
  EXPECT_STREQ(plugin.name, "libevent2");
  EXPECT_STREQ(plugin.library, "libevent");
  EXPECT_EQ(std::string(plugin.library_version()).rfind("2.", 0), 0u) << plugin.library_version();
  EXPECT_NE(std::string(plugin.description).find("backend"), std::string::npos);
}

class Libevent2Backend : public ::testing::TestWithParam<std::tuple<std::string, Transport>> {};

TEST_P(Libevent2Backend, KeepsCountsExact) {
  const auto& [backend, transport] = GetParam();
  const FlowerShape shape{100, 10, 100, transport};
  FlowerDriver driver(Libevent2(), shape);
  const CallResult prepared = driver.Prepare({{"backend", backend}});
  ASSERT_TRUE(prepared.ok()) << prepared.message;
  EXPECT_TRUE(RunsExactly(driver, shape, 3));
}

INSTANTIATE_TEST_SUITE_P(AllBackends, Libevent2Backend,
                         ::testing::Combine(::testing::Values("epoll", "poll", "select"),
                                            ::testing::Values(Transport::kSocketpair,
                                                              Transport::kPipe)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_" +
                                  TransportName(std::get<1>(info.param));
                         });

TEST(Libevent2, ChangelistKeepsCountsExact) {
  const FlowerShape shape{1000, 100, 100, Transport::kSocketpair};
  FlowerDriver driver(Libevent2(), shape);
  const CallResult prepared = driver.Prepare({{"backend", "epoll"}, {"changelist", "on"}});
  ASSERT_TRUE(prepared.ok()) << prepared.message;
  EXPECT_TRUE(RunsExactly(driver, shape, 3));
}

TEST(Libevent2, CountsLoopCallsOfTheLastDispatch) {
  const FlowerShape shape{10, 1, 20, Transport::kSocketpair};
  FlowerDriver driver(Libevent2(), shape);
  ASSERT_TRUE(driver.Prepare().ok());
  ASSERT_TRUE(driver.RunIteration().ok());
  // One potato: every loop call can read at most the one byte in flight.
  EXPECT_GE(driver.ReadCounters().at("loop_iterations"), 21u);
}

TEST(Libevent2, RejectsAnUnknownBackend) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  const CallResult prepared = driver.Prepare({{"backend", "bogus"}});
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(prepared.message.find("bogus"), std::string::npos) << prepared.message;
}

TEST(Libevent2, RejectsChangelistOutsideEpoll) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  const CallResult prepared = driver.Prepare({{"backend", "poll"}, {"changelist", "on"}});
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(prepared.message.find("changelist"), std::string::npos) << prepared.message;
}

TEST(Libevent2, RejectsAMalformedChangelist) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  const CallResult prepared = driver.Prepare({{"changelist", "maybe"}});
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(prepared.message.find("maybe"), std::string::npos) << prepared.message;
}

TEST(Libevent2, RejectsMoreActiveThanPipes) {
  FlowerDriver driver(Libevent2(), {2, 3, 0, Transport::kSocketpair});
  const CallResult prepared = driver.Prepare();
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(prepared.message.find("active"), std::string::npos) << prepared.message;
}

TEST(Libevent2, RefusesSelectBeyondFdSetSize) {
  // 1000 socketpairs are 2000 fds, so some read ends lie beyond select's FD_SETSIZE of 1024.
  FlowerDriver driver(Libevent2(), {1000, 10, 0, Transport::kSocketpair});
  const CallResult prepared = driver.Prepare({{"backend", "select"}});
  EXPECT_EQ(prepared.code, RB_ERR_UNSUPPORTED);
  EXPECT_NE(prepared.message.find("FD_SETSIZE"), std::string::npos) << prepared.message;
}

}  // namespace
}  // namespace rb_test
