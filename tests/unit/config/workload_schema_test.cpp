#include "config/workload_schema.h"

#include "workload/registry.h"

#include <gtest/gtest.h>

namespace rb::config {
namespace {

using workload::find_workload_schema;
using workload::workload_names;

TEST(WorkloadSchema, FlowerHasItsFourAxesInOrder) {
  const WorkloadSchema* flower = find_workload_schema("flower");
  ASSERT_NE(flower, nullptr);
  EXPECT_EQ(flower->axis_names(),
            (std::vector<std::string>{"pipes", "active", "writes", "transport"}));
  EXPECT_FALSE(flower->help.empty());
}

TEST(WorkloadSchema, FlowerAxesHaveTheirRangesAndDefaults) {
  const WorkloadSchema& flower = *find_workload_schema("flower");
  const AxisSchema& pipes = *flower.find_axis("pipes");
  EXPECT_EQ(pipes.kind, AxisSchema::Kind::integer);
  EXPECT_EQ(pipes.min, 1);
  EXPECT_EQ(pipes.max, 1'000'000);
  EXPECT_TRUE(pipes.required());

  const AxisSchema& active = *flower.find_axis("active");
  EXPECT_EQ(active.min, 1);
  EXPECT_EQ(active.max, 1'000'000);
  EXPECT_TRUE(active.required());

  const AxisSchema& writes = *flower.find_axis("writes");
  EXPECT_EQ(writes.min, 0);
  EXPECT_EQ(writes.max, 100'000'000);
  EXPECT_EQ(writes.default_values, (std::vector<rb::ParamValue>{std::int64_t{100}}));

  const AxisSchema& transport = *flower.find_axis("transport");
  EXPECT_EQ(transport.kind, AxisSchema::Kind::string);
  EXPECT_EQ(transport.choices, (std::vector<std::string>{"socketpair", "pipe"}));
  EXPECT_EQ(transport.default_values, (std::vector<rb::ParamValue>{std::string("socketpair")}));

  for (const auto& axis : flower.axes) EXPECT_FALSE(axis.help.empty()) << axis.name;
}

TEST(WorkloadSchema, UnknownNamesAreNotFound) {
  EXPECT_EQ(find_workload_schema("flowers"), nullptr);
  EXPECT_EQ(find_workload_schema("flower")->find_axis("pipe"), nullptr);
  // Every schema is listed by name, flower first.
  EXPECT_EQ(workload_names().front(), "flower");
  EXPECT_EQ(workload::registry().size(), workload_names().size());
}

TEST(WorkloadSchema, KindNames) {
  EXPECT_STREQ(kind_name(AxisSchema::Kind::integer), "integer");
  EXPECT_STREQ(kind_name(AxisSchema::Kind::string), "string");
}

}  // namespace
}  // namespace rb::config
