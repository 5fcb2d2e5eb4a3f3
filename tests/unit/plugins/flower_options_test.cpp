#include <gtest/gtest.h>

#include "built_plugins.h"
#include "flower_driver.h"
#include "flower_expectations.h"

namespace rb_test {
namespace {

class EveryFlowerPlugin : public ::testing::TestWithParam<std::string> {
 protected:
  const rb_plugin& plugin() const { return LoadPlugin(GetParam()); }
};

TEST_P(EveryFlowerPlugin, RejectsAnUnknownOptionByName) {
  FlowerDriver driver(plugin(), {10, 1, 10, Transport::kSocketpair});
  EXPECT_TRUE(
      PrepareRefuses(driver, {{"no_such_option", "1"}}, RB_ERR_INVALID_ARGUMENT, "no_such_option"));
}

TEST_P(EveryFlowerPlugin, CanBePreparedAndReleasedWithoutRunning) {
  FlowerDriver driver(plugin(), {10, 1, 10, Transport::kPipe});
  const CallResult prepared = driver.Prepare();
  EXPECT_TRUE(prepared.ok()) << prepared.message;
}

INSTANTIATE_TEST_SUITE_P(PluginDir, EveryFlowerPlugin,
                         ::testing::ValuesIn(PluginPathsOffering("flower")),
                         [](const auto& info) { return TestNameOf(info.param); });

}  // namespace
}  // namespace rb_test
