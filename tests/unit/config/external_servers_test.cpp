// Servers that are not plugins (issue 16, item 3): [servers.NAME] command / target next to
// plugins in one matrix, [run] target and [run] server_command for every cell, and the errors
// at file:line:col when a config gets them wrong. Also the placeholder and address helpers
// of model/external_server.h.
#include <gtest/gtest.h>

#include "config/test_plan.h"
#include "model/external_server.h"

namespace rb::config {
namespace {

// muduo offers all of pingpong and rr; drive-only only pingpong's client.
class Catalog : public PluginLookup {
 public:
  std::vector<std::string> plugin_names() const override { return {"muduo", "drive-only"}; }
  bool has_plugin(std::string_view name) const override {
    return name == "muduo" || name == "drive-only";
  }
  bool supports(std::string_view plugin, std::string_view workload) const override {
    if (plugin == "muduo") return workload == "pingpong" || workload == "rr";
    return plugin == "drive-only" && workload == "pingpong_client";
  }
};

constexpr const char* kPingpongAxes = "[matrix]\nblock_size = [4096]\nsessions = [2]\n";
constexpr const char* kRrAxes = "[matrix]\nconnections = [4]\n";

TestPlan servers_plan_of(const std::string& text) {
  const Catalog catalog;
  return parse_plan(text, "s.toml", &catalog, {});
}

std::string servers_error_of(const std::string& text) {
  try {
    servers_plan_of(text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> columns(const TestPlan& plan) {
  return plan.columns();
}

TEST(ExternalServers, ANamedCommandStandsInTheServerListNextToPlugins) {
  const TestPlan plan = servers_plan_of(std::string("workload = \"pingpong\"\n") + kPingpongAxes +
                                        "server = [\"mine\", \"muduo\"]\nclient = [\"muduo\"]\n"
                                        "[servers.mine]\n"
                                        "command = [\"./my-server\", \"--port\", \"{port}\", "
                                        "\"--threads={threads}\"]\n");
  EXPECT_EQ(columns(plan), (std::vector<std::string>{"mine/muduo", "muduo/muduo"}));
  const auto cells = plan.cells();
  ASSERT_TRUE(cells[0].external_server.has_value());
  EXPECT_EQ(cells[0].external_server->command,
            (std::vector<std::string>{"./my-server", "--port", "{port}", "--threads={threads}"}));
  EXPECT_EQ(cells[0].role_plugins.at("server"), "mine");
  EXPECT_FALSE(cells[1].external_server.has_value());
  // Only real plugins are resolved and loaded.
  EXPECT_EQ(plan.base_plugins(), (std::vector<std::string>{"muduo"}));
}

TEST(ExternalServers, RrNamesThemInPluginsAndATargetMayBeNamedToo) {
  const TestPlan plan =
      servers_plan_of(std::string("workload = \"rr\"\n") +
                      "plugins = [\"muduo\", \"theirs\", \"remote\"]\n" + kRrAxes +
                      "[servers.theirs]\ncommand = [\"srv\", \"{host}:{port}\", "
                      "\"{body_size}\"]\n"
                      "[servers.remote]\ntarget = \"10.0.0.2:8080\"\n");
  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 3u);
  EXPECT_FALSE(cells[0].external_server.has_value());
  EXPECT_TRUE(cells[1].external_server->is_command());
  EXPECT_EQ(cells[2].external_server->target, "10.0.0.2:8080");
  EXPECT_EQ(plan.base_plugins(), (std::vector<std::string>{"muduo"}));
}

TEST(ExternalServers, ARunWideTargetIsEveryCellsServerAndThePluginsAreTheClients) {
  const TestPlan plan = servers_plan_of(
      std::string("workload = \"pingpong\"\nplugins = [\"muduo\", \"drive-only\"]\n") +
      "[run]\ntarget = \"127.0.0.1:9000\"\n" + kPingpongAxes);
  EXPECT_EQ(columns(plan),
            (std::vector<std::string>{"127.0.0.1:9000/muduo", "127.0.0.1:9000/drive-only"}));
  EXPECT_EQ(plan.cells()[1].external_server->target, "127.0.0.1:9000");
  EXPECT_EQ(plan.base_plugins(), (std::vector<std::string>{"muduo", "drive-only"}));
}

TEST(ExternalServers, ARunWideCommandNeedsNoPluginForRrAndIsLabelledByItsProgram) {
  const TestPlan plan = servers_plan_of(
      std::string("workload = \"rr\"\n[run]\nserver_command = [\"/usr/bin/python3\", "
                  "\"srv.py\", \"{port}\"]\n") +
      kRrAxes);
  EXPECT_EQ(plan.plugins, (std::vector<std::string>{"python3"}));
  EXPECT_TRUE(plan.cells()[0].external_server->is_command());
  EXPECT_TRUE(plan.base_plugins().empty());
}

TEST(ExternalServers, MistakesAreErrorsAtTheirPlace) {
  const std::string pingpong = std::string("workload = \"pingpong\"\n") + kPingpongAxes;
  EXPECT_EQ(
      servers_error_of(pingpong + "server = [\"mine\"]\nclient = [\"muduo\"]\n[servers.mine]\n"
                                  "command = [\"srv\", \"{port}\", \"{thread}\"]\n"),
      "s.toml:8:29: command: unknown placeholder {thread} (the pingpong server's are "
      "{port}, {host}, {threads}, {block_size}); did you mean 'threads'?");
  EXPECT_EQ(
      servers_error_of(pingpong + "server = [\"mine\"]\nclient = [\"muduo\"]\n[servers.mine]\n"
                                  "command = [\"srv\", \"--port\"]\n"),
      "s.toml:8:11: command: no {port} in it: the runner picks a free port for each round "
      "and passes it to the program as {port}");
  EXPECT_EQ(
      servers_error_of(pingpong + "server = [\"mine\"]\nclient = [\"muduo\"]\n[servers.mine]\n"
                                  "command = [\"srv\", \"{port}\"]\ntarget = \"1.2.3.4:5\"\n"),
      "s.toml:9:10: [servers.mine]: command and target both say what the server is; give "
      "one of them");
  EXPECT_EQ(
      servers_error_of(pingpong + "server = [\"mine\"]\nclient = [\"muduo\"]\n[servers.mine]\n"
                                  "target = \"example.com:80\"\n"),
      "s.toml:8:10: target 'example.com:80': 'example.com' is not a numeric IPv4 address");
  EXPECT_EQ(
      servers_error_of(pingpong + "server = [\"muduo\"]\nclient = [\"muduo\"]\n[servers.muduo]\n"
                                  "target = \"1.2.3.4:5\"\n"),
      "s.toml:7:10: [servers.muduo]: 'muduo' is the name of a plugin; give the server "
      "another");
  EXPECT_EQ(
      servers_error_of(pingpong + "server = [\"muduo\"]\nclient = [\"mine\"]\n[servers.mine]\n"
                                  "target = \"1.2.3.4:5\"\n"),
      "s.toml:6:11: plugin 'mine' does not offer the pingpong client role");
  EXPECT_EQ(servers_error_of("workload = \"pingpong\"\nplugins = [\"muduo\"]\n[run]\ntarget = "
                             "\"127.0.0.1:9\"\n" +
                             std::string(kPingpongAxes) + "server = [\"muduo\"]\n"),
            "s.toml:8:11: [matrix] server: [run] target (s.toml:4:10) names the server of every "
            "cell");
  EXPECT_EQ(
      servers_error_of(std::string("workload = \"rr\"\nplugins = [\"muduo\"]\n[run]\ntarget = "
                                   "\"127.0.0.1:9\"\n") +
                       kRrAxes),
      "s.toml:2:11: plugins: [run] target (s.toml:4:10) names the server of every cell, "
      "and this workload's client is the runner's own: there is no plugin to name");
  EXPECT_EQ(
      servers_error_of("workload = \"flower\"\nplugins = [\"muduo\"]\n[run]\nserver_command = "
                       "[\"x\", \"{port}\"]\n"),
      "s.toml:4:18: workload 'flower' has no server for another program to stand in for "
      "(those with one: pingpong, rr)");
}

TEST(ExternalServerModel, PlaceholdersAreBracedNamesAndOtherBracesAreText) {
  EXPECT_EQ(placeholders_in("--listen={host}:{port}"), (std::vector<std::string>{"host", "port"}));
  EXPECT_TRUE(placeholders_in(R"({"a": 1} {} {Port})").empty());
  EXPECT_EQ(fill_placeholders("{host}:{port}/{other}", {{"host", "127.0.0.1"}, {"port", "80"}}),
            "127.0.0.1:80/{other}");
  EXPECT_EQ(command_line({"python3", "-c", "print(1); x = 2", ""}),
            "python3 -c 'print(1); x = 2' ''");
}

TEST(ExternalServerModel, AnEndpointIsANumericAddressAndAPort) {
  std::string why;
  const auto endpoint = parse_endpoint("10.0.0.2:8080", false, why);
  ASSERT_TRUE(endpoint.has_value()) << why;
  EXPECT_EQ(endpoint->host, "10.0.0.2");
  EXPECT_EQ(endpoint->port, 8080);
  EXPECT_FALSE(parse_endpoint("10.0.0.2:0", false, why));
  EXPECT_EQ(why, "the port must be 1..65535");
  EXPECT_TRUE(parse_endpoint("10.0.0.2:0", true, why));
  EXPECT_FALSE(parse_endpoint("10.0.0.2", true, why));
  EXPECT_EQ(why, "expected IPV4:PORT, e.g. 127.0.0.1:8080");
}

}  // namespace
}  // namespace rb::config
