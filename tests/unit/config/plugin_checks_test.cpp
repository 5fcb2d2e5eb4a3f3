// Plugin names against the catalog: unknown plugins, plugins without the workload.
#include <gtest/gtest.h>

#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::FakeLookup;

std::string config_with_plugins(const std::string& plugins) {
  return "workload = \"flower\"\nplugins = " + plugins + "\n[matrix]\npipes = [1]\nactive = [1]\n";
}

TEST(PluginChecks, KnownPluginsThatOfferTheWorkloadPass) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of(config_with_plugins(R"(["raw-epoll", "libevent2"])"), {}, &catalog),
            "no error");
}

TEST(PluginChecks, UnknownPluginIsSuggestedFromTheCatalog) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of(config_with_plugins(R"(["libevent2", "raw_epol"])"), {}, &catalog),
            "t.toml:2:25: unknown plugin 'raw_epol'; did you mean 'raw-epoll'?");
  EXPECT_EQ(error_of(config_with_plugins(R"(["muduo"])"), {}, &catalog),
            "t.toml:2:12: unknown plugin 'muduo'; expected one of: libevent2, raw-epoll, "
            "notify-only");
}

TEST(PluginChecks, APluginWithoutTheWorkloadIsRejected) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of(config_with_plugins(R"(["libevent2", "notify-only"])"), {}, &catalog),
            "t.toml:2:25: plugin 'notify-only' does not offer workload 'flower'");
}

TEST(PluginChecks, WithoutACatalogAnyNameIsAccepted) {
  EXPECT_EQ(error_of(config_with_plugins(R"(["anything", "at-all"])")), "no error");
}

// A catalog whose lookups fail, as a broken plugin directory might.
class ThrowingLookup : public PluginLookup {
 public:
  bool has_plugin(std::string_view) const override { throw std::runtime_error("disk on fire"); }
  bool supports(std::string_view, std::string_view) const override { return true; }
  std::vector<std::string> plugin_names() const override { return {}; }
};

TEST(PluginChecks, CatalogFailuresBecomeConfigErrors) {
  const ThrowingLookup catalog;
  EXPECT_EQ(error_of(config_with_plugins(R"(["a"])"), {}, &catalog),
            "t.toml:1:1: cannot load config: disk on fire");
}

}  // namespace
}  // namespace rb::config
