// `compare --plugins` names: a label as the run has it, or a plugin that plays every role.
#include "compare/plugin_label.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

RunResult run_of(std::initializer_list<const char*> labels) {
  RunResult run;
  for (const char* label : labels) {
    CellResult cell;
    cell.cell.plugin = label;
    run.cells.push_back(cell);
  }
  return run;
}

TEST(PluginLabel, ALabelTheRunHasIsItself) {
  const RunResult run = run_of({"raw-epoll", "raw-epoll@aa"});
  EXPECT_EQ(compare::find_plugin_label(run, "raw-epoll@aa"), "raw-epoll@aa");
  EXPECT_EQ(compare::find_plugin_label(run, "raw-epoll"), "raw-epoll");
}

// The nightly's ping-pong A/B asks for "muduo@base" and "muduo": the run labels its cells by
// role ("server/client"), and each plays both roles.
TEST(PluginLabel, APluginThatPlaysEveryRoleFindsItsCells) {
  const RunResult run = run_of({"muduo/muduo", "muduo@base/muduo@base", "muduo/libevent2"});
  EXPECT_EQ(compare::find_plugin_label(run, "muduo"), "muduo/muduo");
  EXPECT_EQ(compare::find_plugin_label(run, "muduo@base"), "muduo@base/muduo@base");
  EXPECT_EQ(compare::find_plugin_label(run, "muduo/libevent2"), "muduo/libevent2");
}

TEST(PluginLabel, APluginInOnlySomeRolesOrAbsentIsNotFound) {
  const RunResult run = run_of({"muduo/libevent2", "raw-epoll/raw-epoll"});
  EXPECT_EQ(compare::find_plugin_label(run, "muduo"), std::nullopt);
  EXPECT_EQ(compare::find_plugin_label(run, "libevent2"), std::nullopt);
  EXPECT_EQ(compare::find_plugin_label(run, "raw"), std::nullopt);
  EXPECT_EQ(compare::find_plugin_label(run, "raw-epoll/"), std::nullopt);
  EXPECT_EQ(compare::find_plugin_label(run, ""), std::nullopt);
}

}  // namespace
}  // namespace rb
