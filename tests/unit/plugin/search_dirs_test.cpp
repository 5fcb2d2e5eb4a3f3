#include "plugin/search_dirs.h"

#include <cstdlib>

#include <gtest/gtest.h>

namespace rb::plugin {
namespace {

using Paths = std::vector<std::filesystem::path>;

const std::filesystem::path kRunner = "/opt/rb/bin/runner";

TEST(PluginSearchDirs, FlagsThenEnvironmentThenBuildThenInstalled) {
  EXPECT_EQ(
      plugin_search_dirs({"/a", "/b"}, kRunner, "/e1:/e2"),
      (Paths{"/a", "/b", "/e1", "/e2", "/opt/rb/plugins", "/opt/rb/lib/reactorbench/plugins"}));
}

TEST(PluginSearchDirs, OnlyTheRunnersOwnDirsByDefault) {
  EXPECT_EQ(plugin_search_dirs({}, kRunner, std::nullopt),
            (Paths{"/opt/rb/plugins", "/opt/rb/lib/reactorbench/plugins"}));
}

TEST(PluginSearchDirs, EmptyEnvironmentEntriesAreSkipped) {
  EXPECT_EQ(plugin_search_dirs({}, kRunner, "::/e1:"),
            (Paths{"/e1", "/opt/rb/plugins", "/opt/rb/lib/reactorbench/plugins"}));
}

TEST(PluginSearchDirs, ADirectoryListedTwiceKeepsItsFirstPlace) {
  EXPECT_EQ(plugin_search_dirs({"/opt/rb/plugins", "/a/"}, kRunner, "/a:/opt/rb/bin/../plugins"),
            (Paths{"/opt/rb/plugins", "/a", "/opt/rb/lib/reactorbench/plugins"}));
}

TEST(PluginSearchDirs, ReadsTheEnvironmentVariable) {
  ::setenv(kPluginPathVariable, "/from/env", 1);
  const auto dirs = plugin_search_dirs({"/flag"}, kRunner);
  ::unsetenv(kPluginPathVariable);
  EXPECT_EQ(dirs,
            (Paths{"/flag", "/from/env", "/opt/rb/plugins", "/opt/rb/lib/reactorbench/plugins"}));
}

TEST(CurrentExecutable, IsThisTestProgram) {
  const auto exe = current_executable();
  EXPECT_TRUE(exe.is_absolute());
  EXPECT_EQ(exe.filename(), "unit_plugin");
}

}  // namespace
}  // namespace rb::plugin
