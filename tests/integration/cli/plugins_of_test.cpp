// `runner __plugins-of CONFIG...`: what scripts/runner builds before a run. It must name every
// catalog plugin a config loads (a variant by its base), nothing else, and load none.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_helpers.h"

namespace rbtest {
namespace {

std::string pingpong_with(const std::string& servers, const std::string& extra) {
  return R"(workload = "pingpong"
[run]
repetitions = 2
timeout = "30s"
[matrix]
server = [)" +
         servers +
         R"(]
client = ["muduo"]
block_size = [4096]
sessions = [1]
threads = [1]
duration = ["300ms"]
verify = ["all"]
)" + extra;
}

TEST(PluginsOf, AConfigsPluginsAreItsBasesEachOnceAndNoServerProgramOrFile) {
  ScratchDir dir;
  const std::string config = pingpong_with(R"("raw-epoll", "uring-read", "own", "echo")", R"(
[variants.uring-read]
plugin = "io-uring"
mode = "read"
[variants.own]
path = "own.so"
[servers.echo]
command = ["./echo", "{port}"]
)");
  const RunOutput r = run_runner({"__plugins-of", dir.write("p.toml", config).string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "raw-epoll\nio-uring\nmuduo\n");
}

TEST(PluginsOf, SeveralConfigsNameEachPluginOnce) {
  ScratchDir dir;
  const std::string a =
      matrix_config("flower", R"("libev", "raw-epoll")", run_lines(2, "20s"), kTinyFlowerPoint);
  const std::string b =
      matrix_config("flower", R"("raw-epoll", "libuv")", run_lines(2, "20s"), kTinyFlowerPoint);
  const RunOutput r = run_runner(
      {"__plugins-of", dir.write("a.toml", a).string(), dir.write("b.toml", b).string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "libev\nraw-epoll\nlibuv\n");
}

// Plugins not built yet are the reason to ask: an unknown name is listed, not refused.
TEST(PluginsOf, ANameNoPluginHasIsListedAsWritten) {
  ScratchDir dir;
  const std::string config =
      matrix_config("flower", R"("not-built-yet")", run_lines(2, "20s"), kTinyFlowerPoint);
  const RunOutput r = run_runner({"__plugins-of", dir.write("n.toml", config).string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "not-built-yet\n");
}

TEST(PluginsOf, ABadConfigIsRefusedWithItsPosition) {
  ScratchDir dir;
  const std::filesystem::path file = dir.write("bad.toml", "workload = \"flower\"\nplugins = [\n");
  const RunOutput r = run_runner({"__plugins-of", file.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find(file.string() + ":"), std::string::npos) << r.err;
}

// "The flower sweep" means every plugin that can run it: configs/flower.toml must name each
// plugin here that offers flower (runner plugins), and only those.
TEST(ShippedFlowerSweep, NamesEveryPluginThatOffersFlower) {
  const RunOutput listed = run_runner({"plugins", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  std::set<std::string> offering;
  const auto catalog = nlohmann::json::parse(listed.out);
  for (const auto& plugin : catalog.at("plugins")) {
    const auto workloads = plugin.at("workloads").get<std::vector<std::string>>();
    if (std::find(workloads.begin(), workloads.end(), "flower") != workloads.end())
      offering.insert(plugin.at("name").get<std::string>());
  }
  ASSERT_GE(offering.size(), 9U) << listed.out;  // the seed's four, libev, libuv, asio x2, io-uring

  const RunOutput named =
      run_runner({"__plugins-of", std::string(RB_SOURCE_DIR) + "/configs/flower.toml"});
  ASSERT_EQ(named.exit_code, 0) << named.err;
  std::set<std::string> in_config;
  std::istringstream lines(named.out);
  for (std::string name; std::getline(lines, name);)
    if (!name.empty()) in_config.insert(name);
  EXPECT_EQ(in_config, offering);
}

// scripts/runner builds a config's plugins by the build's table "plugin-name target" (CMake
// writes plugin_targets.txt): every plugin the runner lists must be there with the target that
// made its .so (muduo-style is muduo.so), and so must the former name muduo.
TEST(PluginTargets, EveryListedPluginNamesTheTargetOfItsFile) {
  const RunOutput listed = run_runner({"plugins", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const std::filesystem::path build =
      std::filesystem::path(RB_RUNNER_EXE).parent_path().parent_path();
  std::map<std::string, std::string> target_of;
  for (const std::string& line : read_lines(build / "plugin_targets.txt")) {
    std::istringstream fields(line);
    std::string name, target;
    if (fields >> name >> target) target_of[name] = target;
  }
  const auto catalog = nlohmann::json::parse(listed.out);
  ASSERT_GE(catalog.at("plugins").size(), 10U) << listed.out;
  for (const auto& plugin : catalog.at("plugins")) {
    const std::string name = plugin.at("name").get<std::string>();
    const std::filesystem::path file = plugin.at("path").get<std::string>();
    ASSERT_TRUE(target_of.contains(name)) << name;
    EXPECT_EQ(target_of[name] + ".so", file.filename().string()) << name;
  }
  EXPECT_EQ(target_of["muduo"], "muduo");
}

}  // namespace
}  // namespace rbtest
