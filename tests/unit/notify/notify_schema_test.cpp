// The notify workload as configs see it: its axes, their ranges and defaults, its metrics.
#include <gtest/gtest.h>

#include <algorithm>

#include "config/workload_schema.h"
#include "workload/notify/values.h"
#include "workload/registry.h"

namespace rb {
namespace {

TEST(NotifySchema, HasItsAxesInOrderWithDefaults) {
  const config::WorkloadSchema* notify = workload::find_workload_schema("notify");
  ASSERT_NE(notify, nullptr);
  EXPECT_EQ(notify->axis_names(),
            (std::vector<std::string>{"items", "producers", "producer_cpu", "consumer_cpu"}));
  const config::AxisSchema& items = *notify->find_axis("items");
  EXPECT_EQ(items.min, 1);
  EXPECT_EQ(items.max, static_cast<std::int64_t>(workload::kMaxNotifyItems));
  EXPECT_EQ(items.default_values, (std::vector<ParamValue>{std::int64_t{10'000'000}}));
  EXPECT_EQ(items.quick_values, (std::vector<ParamValue>{std::int64_t{1'000'000}}));
  const config::AxisSchema& producers = *notify->find_axis("producers");
  EXPECT_EQ(producers.min, 1);
  EXPECT_EQ(producers.max, 64);
  EXPECT_EQ(producers.default_values, (std::vector<ParamValue>{std::int64_t{1}}));
  for (const char* cpu : {"producer_cpu", "consumer_cpu"}) {
    const config::AxisSchema& axis = *notify->find_axis(cpu);
    EXPECT_EQ(axis.min, -1) << cpu;
    EXPECT_EQ(axis.max, 1023) << cpu;
    EXPECT_EQ(axis.default_values, (std::vector<ParamValue>{std::int64_t{-1}})) << cpu;
  }
  for (const auto& axis : notify->axes) EXPECT_FALSE(axis.help.empty()) << axis.name;
}

TEST(NotifySchema, TheRunnerHasADriverForIt) {
  const workload::Workload* driver = workload::find_workload("notify");
  ASSERT_NE(driver, nullptr);
  EXPECT_EQ(driver->name(), "notify");
}

TEST(NotifyMetrics, ThroughputIsHigherIsBetterAndTheHeadlinesExplainIt) {
  const auto& metrics = workload::metrics_for_workload("notify");
  auto find = [&](const std::string& name) {
    return std::find_if(metrics.begin(), metrics.end(),
                        [&](const MetricInfo& m) { return m.name == name; });
  };
  ASSERT_NE(find("items_per_s"), metrics.end());
  EXPECT_FALSE(find("items_per_s")->lower_is_better);
  EXPECT_TRUE(find("items_per_s")->headline);
  ASSERT_NE(find("wakeups_per_item"), metrics.end());
  EXPECT_TRUE(find("wakeups_per_item")->headline);
  ASSERT_NE(find("elapsed_ms"), metrics.end());
  EXPECT_TRUE(find("elapsed_ms")->lower_is_better);
  for (const char* name : {"ns_per_item", "cpu_user_ms", "cpu_sys_ms", "context_switches"})
    EXPECT_NE(find(name), metrics.end()) << name;
}

}  // namespace
}  // namespace rb
