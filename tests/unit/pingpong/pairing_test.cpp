// Which server/client pairs a pingpong config expands to, and the errors when it cannot.
#include <gtest/gtest.h>

#include <algorithm>

#include "config/test_plan.h"

namespace rb::config {
namespace {

// muduo and raw-epoll offer both roles; serve-only only the server, drive-only only the
// client; flower-only no pingpong at all.
class RoleLookup : public PluginLookup {
 public:
  bool has_plugin(std::string_view name) const override {
    const auto names = plugin_names();
    return std::find(names.begin(), names.end(), name) != names.end();
  }
  bool supports(std::string_view plugin, std::string_view workload) const override {
    if (plugin == "muduo" || plugin == "raw-epoll") return workload == "pingpong";
    if (plugin == "serve-only") return workload == "pingpong_server";
    if (plugin == "drive-only") return workload == "pingpong_client";
    return workload == "flower";
  }
  std::vector<std::string> plugin_names() const override {
    return {"muduo", "raw-epoll", "serve-only", "drive-only", "flower-only"};
  }
};

constexpr const char* kAxes = "[matrix]\nblock_size = [4096]\nsessions = [1, 10]\n";

TestPlan plan_of(const std::string& pairing, const std::string& matrix_extra = "",
                 const Overrides& overrides = {}) {
  const RoleLookup catalog;
  return parse_plan("workload = \"pingpong\"\n" + pairing + "\n" + kAxes + matrix_extra, "p.toml",
                    &catalog, overrides);
}

std::string pairing_error_of(const std::string& pairing, const std::string& matrix_extra = "",
                             const Overrides& overrides = {}) {
  try {
    plan_of(pairing, matrix_extra, overrides);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> labels(const TestPlan& plan) {
  std::vector<std::string> out;
  for (const auto& pair : plan.pairs) out.push_back(pair.label());
  return out;
}

TEST(PingpongPairing, PluginsMeansEachAgainstItself) {
  const TestPlan plan = plan_of(R"(plugins = ["muduo", "raw-epoll"])");
  EXPECT_EQ(labels(plan), (std::vector<std::string>{"muduo/muduo", "raw-epoll/raw-epoll"}));
  EXPECT_EQ(plan.plugins, (std::vector<std::string>{"muduo", "raw-epoll"}));
  EXPECT_EQ(plan.columns(), labels(plan));
  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 4u);  // 2 session counts x 2 pairs, pairs innermost
  EXPECT_EQ(cells[1].plugin, "raw-epoll/raw-epoll");
  EXPECT_EQ(cells[1].plugin_for("server"), "raw-epoll");
  EXPECT_EQ(cells[1].plugin_for("client"), "raw-epoll");
  EXPECT_EQ(cells[2].get_int("sessions"), 10);
}

TEST(PingpongPairing, ServerAndClientListsPairEveryServerWithEveryClient) {
  const TestPlan plan = plan_of("",
                                "server = [\"muduo\", \"serve-only\"]\n"
                                "client = [\"raw-epoll\", \"drive-only\"]\n");
  EXPECT_EQ(labels(plan),
            (std::vector<std::string>{"muduo/raw-epoll", "muduo/drive-only", "serve-only/raw-epoll",
                                      "serve-only/drive-only"}));
  EXPECT_EQ(plan.plugins,
            (std::vector<std::string>{"muduo", "serve-only", "raw-epoll", "drive-only"}));
  EXPECT_EQ(plan.cells()[3].role_plugins.at("server"), "serve-only");
}

TEST(PingpongPairing, AClientListAloneHoldsTheClientFixed) {
  const TestPlan plan =
      plan_of(R"(plugins = ["muduo", "serve-only"])", "client = [\"raw-epoll\"]\n");
  EXPECT_EQ(labels(plan), (std::vector<std::string>{"muduo/raw-epoll", "serve-only/raw-epoll"}));
}

TEST(PingpongPairing, PluginsFlagNarrowsEachRole) {
  Overrides overrides;
  overrides.plugins = std::vector<std::string>{"raw-epoll", "muduo"};
  EXPECT_EQ(labels(plan_of(R"(plugins = ["muduo", "raw-epoll"])", "", overrides)),
            (std::vector<std::string>{"raw-epoll/raw-epoll", "muduo/muduo"}));
  overrides.plugins = std::vector<std::string>{"muduo", "raw-epoll"};
  EXPECT_EQ(labels(plan_of("", "server = [\"muduo\", \"serve-only\"]\nclient = [\"raw-epoll\"]\n",
                           overrides)),
            (std::vector<std::string>{"muduo/raw-epoll"}));
  overrides.plugins = std::vector<std::string>{"muduo"};
  EXPECT_NE(pairing_error_of("", "server = [\"muduo\"]\nclient = [\"raw-epoll\"]\n", overrides)
                .find("--plugins leaves no client plugin (the config's client plugins: raw-epoll)"),
            std::string::npos);
}

TEST(PingpongPairing, ErrorsNameThePlaceAndTheRole) {
  EXPECT_NE(pairing_error_of("").find("p.toml:1:1: missing required key 'plugins'"),
            std::string::npos)
      << pairing_error_of("");
  EXPECT_EQ(pairing_error_of("", "server = [\"muduo\"]\nclient = [\"serve-only\"]\n"),
            "p.toml:7:11: plugin 'serve-only' does not offer the pingpong client role");
  EXPECT_EQ(pairing_error_of(R"(plugins = ["drive-only"])"),
            "p.toml:2:12: plugin 'drive-only' does not offer the pingpong server role");
  EXPECT_NE(pairing_error_of(R"(plugins = ["mudou"])")
                .find("unknown plugin 'mudou'; did you mean 'muduo'?"),
            std::string::npos);
  EXPECT_EQ(pairing_error_of("", "server = [\"muduo\", \"muduo\"]\nclient = [\"muduo\"]\n"),
            "p.toml:6:20: server: duplicate plugin 'muduo'");
  // Role keys exist only for workloads with roles.
  const RoleLookup catalog;
  try {
    parse_plan(
        "workload = \"flower\"\nplugins = [\"flower-only\"]\n[matrix]\npipes = [1]\n"
        "active = [1]\nserver = [\"x\"]\n",
        "f.toml", &catalog, {});
    FAIL() << "flower accepted a server list";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown key 'server'"), std::string::npos) << e.what();
  }
}

TEST(PingpongPairing, PluginOptionsMayNameAnyListedPlugin) {
  const TestPlan plan = plan_of("",
                                "server = [\"muduo\"]\nclient = [\"raw-epoll\"]\n"
                                "[plugin_options.raw-epoll]\nmax_events = 64\n");
  ASSERT_EQ(plan.plugin_options.count("raw-epoll"), 1u);
  EXPECT_EQ(plan.plugin_options.at("raw-epoll").at(0).second, "64");
}

TEST(PingpongPairing, RunKeysPinEachSide) {
  const RoleLookup catalog;
  const TestPlan plan = parse_plan(
      "workload = \"pingpong\"\nplugins = [\"muduo\"]\n[run]\nserver_cpus = [0]\n"
      "client_cpus = [1, 2]\n" +
          std::string(kAxes),
      "p.toml", &catalog, {});
  EXPECT_EQ(plan.run.server_cpus, std::vector<int>{0});
  EXPECT_EQ(plan.run.client_cpus, (std::vector<int>{1, 2}));
}

}  // namespace
}  // namespace rb::config
