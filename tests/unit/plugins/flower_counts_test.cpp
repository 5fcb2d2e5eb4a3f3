#include <gtest/gtest.h>

#include "built_plugins.h"
#include "flower_expectations.h"

namespace rb_test {
namespace {

struct FlowerCase {
  std::string plugin_path;
  FlowerShape shape;
};

// Every flower plugin over a small matrix; active never exceeds pipes, as the runner skips those.
std::vector<FlowerCase> AllFlowerCases() {
  std::vector<FlowerCase> cases;
  for (const std::string& path : PluginPathsOffering("flower")) {
    for (uint32_t pipes : {1u, 10u, 100u, 1000u}) {
      for (uint32_t active : {1u, 10u, 100u}) {
        if (active > pipes) continue;
        for (uint32_t writes : {0u, 100u}) {
          for (Transport transport : {Transport::kSocketpair, Transport::kPipe}) {
            cases.push_back({path, {pipes, active, writes, transport}});
          }
        }
      }
    }
  }
  return cases;
}

void PrintTo(const FlowerCase& flower_case, std::ostream* out) {
  const FlowerShape& shape = flower_case.shape;
  *out << TestNameOf(flower_case.plugin_path) << " pipes=" << shape.pipes
       << " active=" << shape.active << " writes=" << shape.writes << " "
       << TransportName(shape.transport);
}

std::string CaseName(const ::testing::TestParamInfo<FlowerCase>& info) {
  const FlowerShape& shape = info.param.shape;
  return TestNameOf(info.param.plugin_path) + "_pipes" + std::to_string(shape.pipes) + "_active" +
         std::to_string(shape.active) + "_writes" + std::to_string(shape.writes) + "_" +
         TransportName(shape.transport);
}

class FlowerCounts : public ::testing::TestWithParam<FlowerCase> {};

TEST_P(FlowerCounts, EveryIterationReadsActivePlusWrites) {
  const FlowerCase& flower_case = GetParam();
  FlowerDriver driver(LoadPlugin(flower_case.plugin_path), flower_case.shape);
  const CallResult prepared = driver.Prepare();
  ASSERT_TRUE(prepared.ok()) << prepared.message;
  EXPECT_TRUE(RunsExactly(driver, flower_case.shape, 3));
}

INSTANTIATE_TEST_SUITE_P(PluginDir, FlowerCounts, ::testing::ValuesIn(AllFlowerCases()), CaseName);

}  // namespace
}  // namespace rb_test
