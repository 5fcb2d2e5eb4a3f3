#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "built_plugins.h"

namespace rb_test {
namespace {

bool Empty(const char* text) {
  return text == nullptr || text[0] == '\0';
}

TEST(PluginDirectory, HoldsTheBundledPlugins) {
  const std::vector<std::string> paths = PluginPaths();
  for (const char* stem : {"libevent2", "raw_epoll", "muduo", "epoll_add_always", "condvar_queue",
                           "libev", "libuv", "asio_callback", "asio_coroutine"}) {
    EXPECT_NE(std::find(paths.begin(), paths.end(), PluginPath(stem)), paths.end())
        << stem << ".so missing from " << REACTORBENCH_PLUGIN_DIR;
  }
}

TEST(PluginDirectory, PluginNamesAreUnique) {
  std::set<std::string> names;
  for (const std::string& path : PluginPaths()) {
    const rb_plugin& plugin = LoadPlugin(path);
    EXPECT_TRUE(names.insert(plugin.name).second) << "second plugin named " << plugin.name;
  }
}

class EveryPlugin : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryPlugin, DescribesItselfCompletely) {
  const rb_plugin* plugin = nullptr;
  ASSERT_NO_THROW(plugin = &LoadPlugin(GetParam()));
  EXPECT_GE(plugin->struct_size, sizeof(rb_plugin));
  EXPECT_EQ(RB_VERSION_MAJOR(plugin->abi_version), RB_ABI_MAJOR);
  EXPECT_LE(RB_VERSION_MINOR(plugin->abi_version), RB_ABI_MINOR);
  ASSERT_FALSE(Empty(plugin->name));
  EXPECT_TRUE(std::regex_match(plugin->name, std::regex("[a-z0-9-]+"))) << plugin->name;
  EXPECT_FALSE(Empty(plugin->version));
  EXPECT_FALSE(Empty(plugin->library));
  EXPECT_FALSE(Empty(plugin->description));
  ASSERT_NE(plugin->library_version, nullptr);
  EXPECT_FALSE(Empty(plugin->library_version()));
}

TEST_P(EveryPlugin, RefusesAnotherAbiMajor) {
  const rb_entry_fn entry = LoadEntry(GetParam());
  EXPECT_EQ(entry(RB_MAKE_VERSION(RB_ABI_MAJOR + 1, 0)), nullptr);
  EXPECT_EQ(entry(RB_MAKE_VERSION(RB_ABI_MAJOR - 1, RB_ABI_MINOR)), nullptr);
}

TEST_P(EveryPlugin, ServesANewerHostMinor) {
  EXPECT_NE(LoadEntry(GetParam())(RB_MAKE_VERSION(RB_ABI_MAJOR, RB_ABI_MINOR + 1)), nullptr);
}

INSTANTIATE_TEST_SUITE_P(PluginDir, EveryPlugin, ::testing::ValuesIn(PluginPaths()),
                         [](const auto& info) { return TestNameOf(info.param); });

}  // namespace
}  // namespace rb_test
