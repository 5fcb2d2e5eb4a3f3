// Every flower plugin of ours says what its arm does with the watchers (the standard counter
// arm_reregisters, docs/plugin-abi.md): whether setup_us measures registering every watcher
// again or an arm that keeps them.
#include <gtest/gtest.h>

#include <map>

#include "built_plugins.h"
#include "flower_expectations.h"

namespace rb_test {
namespace {

// What each arm does, read from its code: raw-epoll and io-uring register each pipe once.
const std::map<std::string, uint64_t> kReregisters = {
    {"libevent2", 1},        {"libev", 1},         {"libuv", 1},          {"muduo", 1},
    {"epoll_add_always", 1}, {"asio_callback", 1}, {"asio_coroutine", 1}, {"raw_epoll", 0},
    {"io_uring", 0},
};

class ArmPolicy : public ::testing::TestWithParam<std::string> {};

TEST_P(ArmPolicy, EveryIterationReportsArmReregisters) {
  const FlowerShape shape{10, 10, 10, Transport::kSocketpair};
  FlowerDriver driver(LoadPlugin(GetParam()), shape);
  const CallResult prepared = driver.Prepare();
  ASSERT_TRUE(prepared.ok()) << prepared.message;
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(driver.RunIteration().ok());
    const Counters counters = driver.ReadCounters();
    ASSERT_TRUE(counters.contains("arm_reregisters")) << GetParam();
    const auto known = kReregisters.find(TestNameOf(GetParam()));
    ASSERT_NE(known, kReregisters.end()) << GetParam() << ": a new plugin; add its policy here";
    EXPECT_EQ(counters.at("arm_reregisters"), known->second) << GetParam();
  }
}

INSTANTIATE_TEST_SUITE_P(PluginDir, ArmPolicy, ::testing::ValuesIn(PluginPathsOffering("flower")),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return TestNameOf(info.param);
                         });

}  // namespace
}  // namespace rb_test
