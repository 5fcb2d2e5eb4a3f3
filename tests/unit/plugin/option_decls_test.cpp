// ABI 1.3: the options a plugin declares, read by the loader and carried by the probe. The
// loader's refusals of broken tables are in loader_test.cpp with the other load errors.
#include <string>

#include <gtest/gtest.h>

#include "plugin/loader.h"
#include "plugin/plugin_info.h"
#include "plugin/probe.h"
#include "test_paths.h"
#include "workload/registry.h"

namespace rb::plugin {
namespace {

using test::bad_plugin;
// The loader with every workload's tables read, as the runner loads plugins.
using workload::load_plugin;
using Type = rb::DeclaredOption::Type;

TEST(OptionDecls, ADeclaringPluginLoadsWithItsOptions) {
  const LoadedPlugin plugin = load_plugin(bad_plugin("declared/declared_options.so"));
  ASSERT_EQ(plugin.options.size(), 5U);
  EXPECT_EQ(
      plugin.options[0],
      (rb::DeclaredOption{"mode", Type::choice, "poll|spin", "poll", "how dispatch waits", {}}));
  EXPECT_EQ(plugin.options[1],
            (rb::DeclaredOption{"batch", Type::integer, "1..64", "8", "reads per wake-up", {}}));
  EXPECT_EQ(plugin.options[2].type, Type::boolean);
  EXPECT_EQ(plugin.options[3].default_value, std::nullopt);
  EXPECT_EQ(plugin.options[4].workloads, std::vector<std::string>{"notify"});
}

TEST(OptionDecls, APluginBuiltForAbi12DeclaresNothingWhateverLiesPastItsStruct) {
  // Past its 1.2 struct_size lie a bogus options pointer and count: never read.
  const LoadedPlugin plugin = load_plugin(bad_plugin("runtime/abi_1_2.so"));
  EXPECT_EQ(plugin.provenance.abi_version, RB_MAKE_VERSION(1, 2));
  EXPECT_TRUE(plugin.options.empty());
  EXPECT_TRUE(plugin.flower.has_value());
}

TEST(OptionDecls, APluginThatDeclaresNothingHasNoOptions) {
  EXPECT_TRUE(load_plugin(bad_plugin("good.so")).options.empty());
}

TEST(OptionDecls, TheProbeCarriesThemToTheParent) {
  const PluginInfo info =
      probe_plugin(bad_plugin("declared/declared_options.so"), test::probe_host());
  EXPECT_EQ(info.options, load_plugin(bad_plugin("declared/declared_options.so")).options);
}

TEST(OptionDecls, JsonRoundTripKeepsEveryField) {
  PluginInfo info;
  info.name = "x";
  info.options = {{"mode", Type::choice, "a|b", "a", "help", {"flower", "notify"}},
                  {"label", Type::string, "", std::nullopt, "", {}}};
  const nlohmann::json json = to_json(info);
  EXPECT_EQ(json.at("options")[1].at("default"), nullptr);
  EXPECT_EQ(json.at("options")[0].at("type"), "enum");
  EXPECT_EQ(plugin_info_from_json(nlohmann::json::parse(json.dump())).options, info.options);
}

TEST(OptionDecls, JsonWithoutOptionsMeansNone) {
  PluginInfo info;
  info.name = "x";
  nlohmann::json json = to_json(info);
  json.erase("options");
  EXPECT_TRUE(plugin_info_from_json(json).options.empty());
}

TEST(OptionDecls, ABrokenTableIsReportedByTheProbeToo) {
  try {
    probe_plugin(bad_plugin("option_null_table.so"), test::probe_host());
    FAIL() << "the probe accepted a table it must refuse";
  } catch (const LoadError& error) {
    EXPECT_EQ(error.kind(), LoadErrorKind::missing_field) << error.what();
    EXPECT_NE(std::string(error.what()).find("option_null_table.so: option_count is 2"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace rb::plugin
