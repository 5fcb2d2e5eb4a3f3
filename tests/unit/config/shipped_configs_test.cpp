// Every config the project ships parses and plans: a typo in configs/ shows up in the tests,
// not when a user first runs it (names are checked against the installed plugins at run time).
#include <gtest/gtest.h>

#include <filesystem>

#include "config/test_plan.h"

namespace rb::config {
namespace {

TEST(ShippedConfigs, EveryOneLoadsAndHasCells) {
  int configs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(RB_CONFIGS_DIR)) {
    if (entry.path().extension() != ".toml") continue;
    SCOPED_TRACE(entry.path().string());
    ++configs;
    try {
      const TestPlan plan = load_plan(entry.path(), nullptr, {});
      EXPECT_FALSE(plan.cells().empty());
    } catch (const ConfigError& error) {
      ADD_FAILURE() << error.what();
    }
  }
  EXPECT_GE(configs, 10);
}

}  // namespace
}  // namespace rb::config
