// scripts/nightly --ab's per-config step (scripts/lib/nightly_ab.sh's ab_run_config) with a
// "base revision" whose plugin folder holds a copy of the built raw-epoll: the generated A/B
// config runs both builds in one run and compare --plugins is run per plugin. (Building a
// revision in a worktree, the other half of --ab, is plain git and cmake and not run here.)
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <fmt/format.h>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_helpers.h"

namespace {

using rbtest::read_json;
using rbtest::ScratchDir;

const std::string kNightlyConfig =
    rbtest::matrix_config("flower", R"("raw-epoll", "muduo")",
                          "repetitions = 2\nwarmup = 1\nrounds = 2\ntimeout = \"20s\"",
                          rbtest::kTinyFlowerPoint, "[plugin_options.raw-epoll]\nmax_events = 4");

std::string slurp(const std::filesystem::path& file) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  return text.str();
}

// Issue 31: `--ab ""` ran a plain nightly and `--ab` last died with "unbound variable": both
// are usage errors naming the option, before anything is built or run.
TEST(NightlyAb, AMissingOrEmptyRevisionIsAUsageError) {
  ScratchDir dir;
  const auto err = dir.path() / "err";
  const std::string nightly = std::string(RB_SOURCE_DIR) + "/scripts/nightly";
  for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
           {"--ab", "[nightly] --ab needs a value"},
           {"--ab ''", "[nightly] --ab \"\": the value is empty"},
           {"--ab '' configs/nightly.toml", "[nightly] --ab \"\": the value is empty"},
           {"--store", "[nightly] --store needs a value"}}) {
    const int status =
        std::system(("bash " + nightly + " " + args + " >/dev/null 2>" + err.string()).c_str());
    ASSERT_TRUE(WIFEXITED(status)) << args;
    EXPECT_EQ(WEXITSTATUS(status), 2) << args;
    const std::string printed = slurp(err);
    EXPECT_EQ(printed.rfind(says, 0), 0u) << args << ": " << printed;
    EXPECT_EQ(printed.find("unbound variable"), std::string::npos) << printed;
  }
}

TEST(NightlyAb, EachPluginRunsBesideTheBaseBuildsAndIsComparedWithIt) {
  ScratchDir dir;
  const auto rev_plugins = dir.path() / "rev-plugins";
  std::filesystem::create_directories(rev_plugins);
  std::filesystem::copy_file(RB_RAW_EPOLL_SO, rev_plugins / "raw_epoll.so");
  const auto config = dir.write("tiny.toml", kNightlyConfig);
  const auto out = dir.path() / "out";
  const std::string script = fmt::format(
      R"(set -u
ROOT={root}; runner={runner}; out={out}; threshold=(); dirs=()
regression=0 error=0 inconclusive=0
log() {{ printf '[nightly] %s\n' "$*" >&2; }}
source "$ROOT/scripts/lib/nightly_ab.sh"
AB_PLUGIN_DIR={rev}
ab_run_config {config} >{out}.txt 2>{out}.err
echo "regression=$regression error=$error inconclusive=$inconclusive dirs=${{#dirs[@]}}"
)",
      fmt::arg("root", RB_SOURCE_DIR), fmt::arg("runner", RB_RUNNER_EXE),
      fmt::arg("out", out.string()), fmt::arg("rev", rev_plugins.string()),
      fmt::arg("config", config.string()));
  const auto script_file = dir.write("step.sh", script);
  const std::string command =
      "bash " + script_file.string() + " >" + (dir.path() / "result").string();
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(out.string() + ".err");
  const std::string result = slurp(dir.path() / "result");
  EXPECT_NE(result.find("error=0"), std::string::npos) << result << slurp(out.string() + ".err");
  EXPECT_NE(result.find("dirs=1"), std::string::npos) << result;

  // The generated config: raw-epoll twice (muduo has no build in the "revision"), the base
  // build by path with the same [plugin_options].
  const std::string ab = slurp(out / "tiny.ab.toml");
  EXPECT_NE(ab.find(R"(plugins = ["raw-epoll", "muduo", "raw-epoll@base"])"), std::string::npos)
      << ab;
  // The config has no name: the copy takes the config's stem, the name its runs are stored under.
  EXPECT_EQ(ab.rfind("name = \"tiny\"\n", 0), 0u) << ab;
  const auto summary = read_json(out / "tiny" / "summary.json");
  bool seen = false;
  for (const auto& cell : summary.at("cells"))
    if (cell.at("plugin") == "raw-epoll@base") {
      seen = true;
      EXPECT_EQ(cell.at("status"), "ok") << cell.at("reason");
      EXPECT_EQ(cell.at("plugin_file"), (rev_plugins / "raw_epoll.so").string());
      EXPECT_EQ(cell.at("plugin_options").at("max_events"), "4");
    }
  EXPECT_TRUE(seen);
  // One compare per plugin with a base build, printed and kept.
  const std::string printed = slurp(out.string() + ".txt");
  EXPECT_NE(printed.find("== tiny: raw-epoll@base -> raw-epoll =="), std::string::npos) << printed;
  EXPECT_TRUE(std::filesystem::exists(out / "tiny" / "compare-raw-epoll.txt"));
  const auto compared = read_json(out / "tiny" / "compare-raw-epoll.json");
  EXPECT_EQ(compared.at("base").get<std::string>().rfind("raw-epoll@base in ", 0), 0u)
      << compared.at("base");
  EXPECT_FALSE(compared.at("cells").empty());
  EXPECT_FALSE(std::filesystem::exists(out / "tiny" / "compare-muduo.txt"));
}

}  // namespace
