// [variants]: a plugin under a name of its own with options of its own; the cells carry the
// variant's name as their label and its base plugin and merged options as their setup.
#include <gtest/gtest.h>

#include "config/test_plan.h"
#include "config/variant_section.h"
#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::FakeLookup;

using Options = rb::PluginOptionList;

// Flower with libevent2 and its variant; lines added start at line 12.
constexpr const char* kVariantsConfig = R"(workload = "flower"
plugins = ["libevent2", "libevent2-poll"]
[matrix]
pipes = [100]
active = [10]
[plugin_options.libevent2]
backend = "epoll"
spin = 3
[variants.libevent2-poll]
plugin = "libevent2"
backend = "poll"
)";

std::string variants_config_with(const std::string& lines) {
  return std::string(kVariantsConfig) + lines;
}

TestPlan plan_of(const std::string& text, const Overrides& overrides = {}) {
  const FakeLookup catalog;
  return parse_plan(text, "t.toml", &catalog, overrides);
}

TEST(Variants, AVariantIsItsOwnColumnOverItsBasePlugin) {
  const TestPlan plan = plan_of(variants_config_with("extra = true\n"));
  EXPECT_EQ(plan.plugins, (std::vector<std::string>{"libevent2", "libevent2-poll"}));
  EXPECT_EQ(plan.columns(), plan.plugins);
  EXPECT_EQ(plan.base_plugins(), std::vector<std::string>{"libevent2"});
  EXPECT_EQ(plan.variant_bases,
            (std::map<std::string, std::string>{{"libevent2-poll", "libevent2"}}));
  EXPECT_EQ(plan.plugin_options.at("libevent2"), (Options{{"backend", "epoll"}, {"spin", "3"}}));
  // The variant's keys win in place; its own keys follow.
  EXPECT_EQ(plan.plugin_options.at("libevent2-poll"),
            (Options{{"backend", "poll"}, {"spin", "3"}, {"extra", "true"}}));

  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].plugin, "libevent2");
  EXPECT_EQ(cells[0].setup, (rb::PluginSetup{"libevent2", {{"backend", "epoll"}, {"spin", "3"}}}));
  EXPECT_EQ(cells[1].plugin, "libevent2-poll");
  EXPECT_EQ(cells[1].setup.base, "libevent2");
  EXPECT_EQ(cells[1].base_plugin_for(""), "libevent2");
  EXPECT_EQ(cells[1].setup_for("").options, plan.plugin_options.at("libevent2-poll"));
}

TEST(Variants, AVariantAloneStillGetsItsBasesOptions) {
  const TestPlan plan = plan_of(R"(workload = "flower"
plugins = ["fast"]
[matrix]
pipes = [100]
active = [10]
[plugin_options.libevent2]
backend = "epoll"
[variants.fast]
plugin = "libevent2"
)");
  EXPECT_EQ(plan.plugins, std::vector<std::string>{"fast"});
  EXPECT_EQ(plan.base_plugins(), std::vector<std::string>{"libevent2"});
  EXPECT_EQ(plan.plugin_options.at("fast"), (Options{{"backend", "epoll"}}));
  EXPECT_EQ(plan.plugin_options.count("libevent2"), 0u);
}

TEST(Variants, PluginsWithoutOptionsHaveAnEmptySetupOfTheirOwnName) {
  const TestPlan plan = plan_of(testing::minimal_config);
  const auto cells = plan.cells();
  EXPECT_EQ(cells.at(1).setup, (rb::PluginSetup{"raw-epoll", {}}));
  EXPECT_TRUE(plan.variant_bases.empty());
}

TEST(Variants, AnUnusedVariantIsAllowedAndPluginsMaySelectIt) {
  const std::string config = R"(workload = "flower"
plugins = ["libevent2"]
[matrix]
pipes = [100]
active = [10]
[variants.lev-poll]
plugin = "libevent2"
backend = "poll"
)";
  EXPECT_EQ(plan_of(config).plugins, std::vector<std::string>{"libevent2"});
  EXPECT_TRUE(plan_of(config).variant_bases.empty());
  Overrides overrides;
  overrides.plugins = std::vector<std::string>{"lev-poll"};
  const TestPlan narrowed = plan_of(config, overrides);
  EXPECT_EQ(narrowed.plugins, std::vector<std::string>{"lev-poll"});
  EXPECT_EQ(narrowed.plugin_options.at("lev-poll"), (Options{{"backend", "poll"}}));
}

TEST(Variants, PluginsNarrowingKeepsTheVariantsSetup) {
  Overrides overrides;
  overrides.plugins = std::vector<std::string>{"libevent2-poll"};
  const TestPlan plan = plan_of(kVariantsConfig, overrides);
  EXPECT_EQ(plan.plugins, std::vector<std::string>{"libevent2-poll"});
  EXPECT_EQ(plan.cells().at(0).setup.options, (Options{{"backend", "poll"}, {"spin", "3"}}));
}

TEST(Variants, PairedWorkloadsResolveEachRole) {
  const TestPlan plan = parse_plan(R"(workload = "pingpong"
[matrix]
block_size = [4096]
sessions = [1]
server = ["muduo", "muduo-big"]
client = ["raw-epoll"]
[variants.muduo-big]
plugin = "muduo"
events_initial = 64
)",
                                   "p.toml", nullptr, {});
  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[1].plugin, "muduo-big/raw-epoll");
  EXPECT_EQ(cells[1].base_plugin_for("server"), "muduo");
  EXPECT_EQ(cells[1].setup_for("server").options, (Options{{"events_initial", "64"}}));
  EXPECT_EQ(cells[1].base_plugin_for("client"), "raw-epoll");
  EXPECT_EQ(plan.base_plugins(), (std::vector<std::string>{"muduo", "raw-epoll"}));
}

TEST(Variants, MergeKeepsTheBaseOrderAndAppendsNewKeys) {
  EXPECT_EQ(merge_options({{"a", "1"}, {"b", "2"}}, {{"c", "3"}, {"a", "9"}}),
            (Options{{"a", "9"}, {"b", "2"}, {"c", "3"}}));
  EXPECT_EQ(merge_options({}, {}), Options{});
}

TEST(VariantErrors, UnknownBasePluginSuggestsTheNearest) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"v\"]\n[matrix]\npipes = [1]\nactive = "
                     "[1]\n[variants.v]\nplugin = \"libevnt2\"\n",
                     {}, &catalog),
            "t.toml:7:10: [variants.v] plugin: unknown plugin 'libevnt2'; did you mean "
            "'libevent2'?");
}

TEST(VariantErrors, AVariantMustNotTakeAPluginsName) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of(variants_config_with("[variants.raw-epoll]\nplugin = \"libevent2\"\n"), {},
                     &catalog),
            "t.toml:12:11: [variants.raw-epoll]: 'raw-epoll' is the name of a plugin; give the "
            "variant a name of its own");
}

TEST(VariantErrors, ThePluginKeyOrAPathIsRequired) {
  EXPECT_EQ(error_of(variants_config_with("[variants.v2]\nbackend = \"poll\"\n")),
            "t.toml:12:11: [variants.v2]: missing required key 'plugin' (the plugin the variant "
            "runs with its options) or 'path' (a plugin file it loads)");
  EXPECT_EQ(error_of(variants_config_with("[variants.v2]\nplugin = 1\n")),
            "t.toml:13:10: [variants.v2] plugin: expected a string, got an integer (1)");
}

TEST(VariantErrors, OptionsMustBeScalars) {
  EXPECT_EQ(error_of(variants_config_with("extra = [1, 2]\n")),
            "t.toml:12:9: [variants.libevent2-poll]: plugin option 'extra': expected a string, "
            "number or boolean, got a list");
}

TEST(VariantErrors, AVariantOfAVariantIsRejected) {
  EXPECT_EQ(error_of(variants_config_with("[variants.v2]\nplugin = \"libevent2-poll\"\n")),
            "t.toml:13:10: [variants.v2] plugin: 'libevent2-poll' is a variant; a variant's plugin "
            "must be a plugin (variants do not nest: copy its options here instead)");
}

TEST(VariantErrors, AVariantsOptionsBelongInItsOwnTable) {
  EXPECT_EQ(error_of(variants_config_with("[plugin_options.libevent2-poll]\nx = 1\n")),
            "t.toml:12:17: [plugin_options.libevent2-poll]: 'libevent2-poll' is a variant; its "
            "options go in [variants.libevent2-poll]");
}

TEST(VariantErrors, TheBaseMustOfferTheWorkload) {
  const FakeLookup catalog;
  EXPECT_EQ(
      error_of(variants_config_with("[variants.n]\nplugin = \"notify-only\"\n") + "", {}, &catalog),
      "no error");  // unused: nothing to offer
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"n\"]\n[matrix]\npipes = [1]\nactive = "
                     "[1]\n[variants.n]\nplugin = \"notify-only\"\n",
                     {}, &catalog),
            "t.toml:2:12: plugin 'notify-only' (of variant 'n') does not offer workload 'flower'");
}

TEST(VariantErrors, AMisspeltVariantInPluginsSuggestsIt) {
  const FakeLookup catalog;
  EXPECT_EQ(
      error_of(variants_config_with("").replace(
                   std::string(kVariantsConfig).find("libevent2-poll\"]"), 14, "libevent2-pol"),
               {}, &catalog),
      "t.toml:2:25: unknown plugin 'libevent2-pol'; did you mean 'libevent2-poll'?");
}

TEST(VariantErrors, NamesAndTablesAreChecked) {
  EXPECT_EQ(error_of("variants = 3\n" + std::string(testing::minimal_config)),
            "t.toml:1:12: [variants]: expected a table, got an integer (3)");
  EXPECT_EQ(error_of(variants_config_with("[variants.\"a/b\"]\nplugin = \"libevent2\"\n")),
            "t.toml:12:11: [variants.a/b]: a variant's name must not contain '/' (it separates "
            "server and client in a pair's label)");
}

}  // namespace
}  // namespace rb::config
