// [variants.NAME] path: a variant that loads a plugin file of its own (another build of a
// plugin), named relative to the config file, probed with the catalog's checks.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "config/test_plan.h"
#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::FakeLookup;

// Probes by file name: raw_epoll.so is raw-epoll (flower), notify.so offers only notify,
// unsafe.so is refused as the real prober would, anything else is missing.
class FileLookup : public FakeLookup {
 public:
  PluginFile probe_file(const std::filesystem::path& file) const override {
    probed.push_back(file);
    const std::string name = file.filename().string();
    if (name == "raw_epoll.so") return {"raw-epoll", {"flower", "notify"}};
    if (name == "notify.so") return {"notify-only", {"notify"}};
    if (name == "unsafe.so")
      throw std::runtime_error(file.string() + ": refusing a world-writable plugin file");
    throw std::runtime_error(file.string() + ": file does not exist");
  }
  mutable std::vector<std::filesystem::path> probed;
};

// Lines added start at line 9.
constexpr const char* kPathConfig = R"(workload = "flower"
plugins = ["raw-epoll", "raw-epoll@base"]
[matrix]
pipes = [100]
active = [10]
[plugin_options.raw-epoll]
max_events = 8
[variants."raw-epoll@base"]
)";

std::string path_config_with(const std::string& lines) {
  return std::string(kPathConfig) + lines;
}

std::filesystem::path beside_config(const std::string& relative) {
  return std::filesystem::absolute(std::filesystem::path("/cfg/dir") / relative).lexically_normal();
}

TEST(VariantPath, AFileRelativeToTheConfigIsTheVariantsPlugin) {
  const FileLookup catalog;
  const TestPlan plan =
      parse_plan(path_config_with("path = \"../other/raw_epoll.so\"\nspin_ns = 5\n"),
                 "/cfg/dir/t.toml", &catalog, {});
  const std::string file = beside_config("../other/raw_epoll.so").string();
  EXPECT_EQ(file, "/cfg/other/raw_epoll.so");
  ASSERT_EQ(catalog.probed.size(), 1u);
  EXPECT_EQ(catalog.probed[0], file);
  // The base is what the file says it is, with that plugin's [plugin_options] under the
  // variant's own; only the variant by path loads the file, and the catalog loads raw-epoll.
  EXPECT_EQ(plan.variant_bases.at("raw-epoll@base"), "raw-epoll");
  EXPECT_EQ(plan.variant_paths.at("raw-epoll@base"), file);
  EXPECT_EQ(plan.base_plugins(), std::vector<std::string>{"raw-epoll"});
  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_TRUE(cells[0].setup.path.empty());
  EXPECT_EQ(cells[1].plugin, "raw-epoll@base");
  EXPECT_EQ(cells[1].setup,
            (rb::PluginSetup{"raw-epoll", {{"max_events", "8"}, {"spin_ns", "5"}}, file}));
}

TEST(VariantPath, PluginMayBeGivenTooButMustAgreeWithTheFile) {
  const FileLookup catalog;
  const TestPlan plan =
      parse_plan(path_config_with("plugin = \"raw-epoll\"\npath = \"raw_epoll.so\"\n"), "t.toml",
                 &catalog, {});
  EXPECT_EQ(plan.cells()[1].setup.base, "raw-epoll");
  EXPECT_EQ(plan.cells()[1].setup.path, std::filesystem::absolute("raw_epoll.so").string());

  const std::string what = error_of(
      path_config_with("plugin = \"libevent2\"\npath = \"/x/raw_epoll.so\"\n"), {}, &catalog);
  EXPECT_EQ(what,
            "t.toml:9:10: [variants.raw-epoll@base] plugin: 'libevent2', but the file at 'path' "
            "is plugin 'raw-epoll' (/x/raw_epoll.so)");
}

TEST(VariantPath, AMissingOrUnsafeFileIsAConfigErrorAtThePath) {
  const FileLookup catalog;
  EXPECT_EQ(error_of(path_config_with("path = \"/nowhere/raw.so\"\n"), {}, &catalog),
            "t.toml:9:8: [variants.raw-epoll@base] path: /nowhere/raw.so: file does not exist");
  EXPECT_EQ(error_of(path_config_with("path = \"/tmp/unsafe.so\"\n"), {}, &catalog),
            "t.toml:9:8: [variants.raw-epoll@base] path: /tmp/unsafe.so: refusing a "
            "world-writable plugin file");
  EXPECT_EQ(error_of(path_config_with("path = \"\"\n"), {}, &catalog),
            "t.toml:9:8: [variants.raw-epoll@base] path: empty path");
  EXPECT_EQ(error_of(path_config_with("path = 3\n"), {}, &catalog),
            "t.toml:9:8: [variants.raw-epoll@base] path: expected a string, got an integer (3)");
}

TEST(VariantPath, NeitherPluginNorPathIsAnError) {
  EXPECT_EQ(error_of(path_config_with("backend = \"poll\"\n"), {}, nullptr),
            "t.toml:8:11: [variants.raw-epoll@base]: missing required key 'plugin' (the plugin "
            "the variant runs with its options) or 'path' (a plugin file it loads)");
}

// What the file offers decides, not what the catalog's plugin of that name offers.
TEST(VariantPath, TheFileMustOfferTheWorkload) {
  const FileLookup catalog;
  EXPECT_EQ(error_of(path_config_with("path = \"/x/notify.so\"\n"), {}, &catalog),
            "t.toml:2:25: plugin 'notify-only' at /x/notify.so (of variant 'raw-epoll@base') "
            "does not offer workload 'flower'");
}

// Without a catalog (fuzzing, offline checks) nothing is probed: the name is `plugin`, or
// the file's stem as plugins are named.
TEST(VariantPath, WithoutACatalogTheStemNamesThePlugin) {
  const TestPlan plan =
      parse_plan(path_config_with("path = \"/b/raw_epoll.so\"\n"), "t.toml", nullptr, {});
  EXPECT_EQ(plan.variant_bases.at("raw-epoll@base"), "raw-epoll");
  EXPECT_EQ(plan.variant_paths.at("raw-epoll@base"), "/b/raw_epoll.so");
}

// A catalog that cannot probe files refuses them rather than guessing.
TEST(VariantPath, ACatalogWithoutProbingRefusesFiles) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of(path_config_with("path = \"/b/raw_epoll.so\"\n"), {}, &catalog),
            "t.toml:9:8: [variants.raw-epoll@base] path: /b/raw_epoll.so: this plugin catalog "
            "cannot probe plugin files");
}

}  // namespace
}  // namespace rb::config
