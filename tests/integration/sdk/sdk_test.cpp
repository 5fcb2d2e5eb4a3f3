// The plugin SDK as a user meets it: `cmake --install` to a fresh prefix, the out-of-tree
// example (examples/third_party_plugin) configured and built against that prefix alone, and
// the installed runner validating and measuring it. Also: every plugin exports only the
// entry symbol, pkg-config builds a plugin without CMake, and the package version check
// accepts the same major only.
#include <stdlib.h>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../../support/shell.h"

namespace rbtest {
namespace {

namespace fs = std::filesystem;

constexpr const char* kEntry = "reactorbench_plugin_entry";

class Sdk : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "rbsdk-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      setup_error = "mkdtemp failed";
      return;
    }
    root = pattern;
    prefix = root / "prefix";
    example_build = root / "example-build";
    step(fmt::format("{} --install {} --prefix {}", RB_CMAKE, RB_BUILD_DIR, prefix.string()));
    step(fmt::format(
        "{} -G Ninja -S {}/examples/third_party_plugin -B {} -DCMAKE_PREFIX_PATH={} "
        "-DCMAKE_C_COMPILER={}",
        RB_CMAKE, RB_SOURCE_DIR, example_build.string(), prefix.string(), RB_C_COMPILER));
    step(fmt::format("{} --build {}", RB_CMAKE, example_build.string()));
  }

  static void TearDownTestSuite() {
    std::error_code ignored;
    if (!root.empty()) fs::remove_all(root, ignored);
  }

  void SetUp() override { ASSERT_TRUE(setup_error.empty()) << setup_error; }

  // Runs a set-up step unless an earlier one failed; keeps the first failure's output.
  static void step(const std::string& command) {
    if (!setup_error.empty()) return;
    const auto result = sh(command);
    if (result.exit_code != 0)
      setup_error = fmt::format("`{}` exited {}:\n{}", command, result.exit_code, result.output);
  }

  // The installed runner, seeing only what the prefix and its arguments give it.
  static CommandResult runner(const std::string& args) {
    return sh(
        fmt::format("env -u REACTORBENCH_PLUGIN_PATH {}/bin/runner {}", prefix.string(), args));
  }

  static fs::path example_so() { return example_build / "example_poll.so"; }
  static fs::path plugin_dir() { return prefix / "lib" / "reactorbench" / "plugins"; }

  static std::vector<fs::path> installed_plugins() {
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(plugin_dir()))
      if (entry.path().extension() == ".so") found.push_back(entry.path());
    return found;
  }

  static inline fs::path root, prefix, example_build;
  static inline std::string setup_error;
};

TEST_F(Sdk, InstallLaysOutTheRunnerPluginsHeaderAndPackage) {
  for (const char* file : {"bin/runner", "include/reactorbench/plugin.h",
                           "lib/cmake/ReactorBench/ReactorBenchConfig.cmake",
                           "lib/cmake/ReactorBench/ReactorBenchConfigVersion.cmake",
                           "lib/cmake/ReactorBench/ReactorBenchTargets.cmake",
                           "lib/cmake/ReactorBench/ReactorBenchPlugin.cmake",
                           "lib/cmake/ReactorBench/plugin.map", "lib/pkgconfig/reactorbench.pc",
                           "share/reactorbench/configs/flower.toml", "share/reactorbench/plot.py",
                           "share/reactorbench/examples/third_party_plugin/CMakeLists.txt"})
    EXPECT_TRUE(fs::exists(prefix / file)) << file;
  std::vector<std::string> names;
  for (const auto& so : installed_plugins()) names.push_back(so.filename().string());
  for (const char* ours : {"libevent2.so", "raw_epoll.so", "muduo.so"})
    EXPECT_NE(std::find(names.begin(), names.end(), ours), names.end()) << ours;
  // Test plugins are never installed.
  EXPECT_FALSE(fs::exists(plugin_dir() / "flower_faulty.so"));
}

TEST_F(Sdk, ExampleIsBuiltAgainstTheInstalledPackageOnly) {
  EXPECT_TRUE(fs::exists(example_so()));
  std::ifstream cache(example_build / "CMakeCache.txt");
  std::stringstream text;
  text << cache.rdbuf();
  EXPECT_NE(
      text.str().find("ReactorBench_DIR:PATH=" + (prefix / "lib/cmake/ReactorBench").string()),
      std::string::npos);
  EXPECT_EQ(text.str().find(RB_SOURCE_DIR + std::string("/core/include")), std::string::npos);
}

TEST_F(Sdk, EveryPluginOursAndTheExampleExportsOnlyTheEntrySymbol) {
  auto plugins = installed_plugins();
  plugins.push_back(example_so());
  ASSERT_GE(plugins.size(), 4u);
  for (const auto& so : plugins) {
    const auto nm = sh("nm -D --defined-only " + so.string());
    ASSERT_EQ(nm.exit_code, 0) << nm.output;
    std::istringstream lines(nm.output);
    int entries = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.empty()) continue;
      const std::string symbol = line.substr(line.rfind(' ') + 1);
      EXPECT_EQ(symbol, kEntry) << so.filename() << " also exports: " << line;
      entries += symbol == kEntry ? 1 : 0;
    }
    EXPECT_EQ(entries, 1) << so;
  }
}

TEST_F(Sdk, InstalledRunnerFindsItsOwnPlugins) {
  const auto listed = runner("plugins --json");
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  const auto json = nlohmann::json::parse(listed.output);
  std::vector<std::string> names;
  for (const auto& plugin : json.at("plugins")) {
    names.push_back(plugin.at("name").get<std::string>());
    EXPECT_EQ(plugin.at("path").get<std::string>().rfind(plugin_dir().string(), 0), 0u)
        << plugin.dump();
  }
  for (const char* ours : {"libevent2", "raw-epoll", "muduo"})
    EXPECT_NE(std::find(names.begin(), names.end(), ours), names.end()) << listed.output;
  EXPECT_TRUE(json.at("failures").empty()) << listed.output;
}

TEST_F(Sdk, ValidatePassesForTheExampleAndEveryInstalledPlugin) {
  std::string args = "validate " + example_so().string();
  for (const auto& so : installed_plugins()) args += " " + so.string();
  const auto result = runner(args);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(result.output.find("FAIL"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("example-poll: 8 passed, 0 failed"), std::string::npos)
      << result.output;
}

TEST_F(Sdk, QuickFlowerMatrixRunsWithTheExample) {
  const fs::path out = root / "run";
  const auto result = runner(
      fmt::format("{}/examples/third_party_plugin/flower.toml --quick --plugin-path {} --out {}",
                  RB_SOURCE_DIR, example_build.string(), out.string()));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream in(out / "summary.json");
  const auto summary = nlohmann::json::parse(in);
  int example_cells = 0;
  for (const auto& cell : summary.at("cells")) {
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    if (cell.at("plugin") != "example-poll") continue;
    ++example_cells;
    EXPECT_EQ(cell.at("metrics").at("dispatch_us").at("n"), 3);
    EXPECT_EQ(cell.at("provenance").at("path"), example_so().string());
  }
  EXPECT_EQ(example_cells, 2);  // --quick: the first two points of the pipes axis
}

// `runner report` of an installed runner runs the plot.py installed beside it (here a
// stand-in interpreter records which script it was given), not the source tree's.
TEST_F(Sdk, InstalledRunnerReportsWithTheInstalledPlotScript) {
  const fs::path out = root / "run-for-plots";
  auto result = runner(
      fmt::format("{}/examples/third_party_plugin/flower.toml --quick --plugin-path {} --out {}",
                  RB_SOURCE_DIR, example_build.string(), out.string()));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const fs::path used = root / "plot-script-used";
  const fs::path python = root / "fake-python";
  {
    std::ofstream script(python);
    script << "#!/bin/sh\nprintf '%s\\n' \"$1\" > " << used.string() << "\n";
  }
  fs::permissions(python, fs::perms::owner_all);
  result = sh(fmt::format(
      "env -u REACTORBENCH_PLUGIN_PATH -u REACTORBENCH_PLOT_SCRIPT REACTORBENCH_PYTHON={} "
      "{}/bin/runner report {} --html {}",
      python.string(), prefix.string(), out.string(), (root / "report").string()));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream in(used);
  std::string script;
  std::getline(in, script);
  EXPECT_EQ(script, (prefix / "share" / "reactorbench" / "plot.py").string()) << result.output;
}

// The revision a run records is the one the runner was built from (also what --version
// says), not the revision of the git tree it happens to run in.
TEST_F(Sdk, RecordedRevisionIsTheBinarysWhereverItRuns) {
  const fs::path elsewhere = root / "another-repository";
  fs::create_directories(elsewhere);
  auto result = sh(fmt::format(
      "cd {} && git init -q && git -c user.name=t -c user.email=t@t commit -q --allow-empty "
      "-m other && git rev-parse --short HEAD",
      elsewhere.string()));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string other = result.output.substr(0, result.output.find('\n'));
  const fs::path out = root / "run-elsewhere";
  result = sh(fmt::format(
      "cd {} && env -u REACTORBENCH_PLUGIN_PATH {}/bin/runner "
      "{}/examples/third_party_plugin/flower.toml --quick --plugin-path {} --out {}",
      elsewhere.string(), prefix.string(), RB_SOURCE_DIR, example_build.string(), out.string()));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream in(out / "summary.json");
  const std::string recorded =
      nlohmann::json::parse(in).at("context").at("git_revision").get<std::string>();
  EXPECT_NE(recorded, other);
  const auto version = runner("--version");
  ASSERT_EQ(version.exit_code, 0) << version.output;
  if (recorded.empty()) {
    EXPECT_EQ(version.output.find("(git "), std::string::npos) << version.output;
  } else {
    EXPECT_NE(version.output.find("(git " + recorded + ")"), std::string::npos)
        << version.output << " vs " << recorded;
    const auto source = sh(fmt::format("git -C {} rev-parse --short HEAD", RB_SOURCE_DIR));
    EXPECT_TRUE(recorded.starts_with(source.output.substr(0, source.output.find('\n'))))
        << recorded << " vs " << source.output;
  }
}

TEST_F(Sdk, TheExampleDeclaresItsOption) {
  const auto listed = runner(
      fmt::format("plugins --options example-poll --plugin-path {}", example_build.string()));
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("poll_timeout_ms  int   1..60000  1000     all"), std::string::npos)
      << listed.output;
}

TEST_F(Sdk, PkgConfigBuildsAPluginWithoutCMake) {
  const fs::path so = root / "pkg-config" / "example_poll.so";
  fs::create_directories(so.parent_path());
  const auto build = sh(fmt::format(
      "export PKG_CONFIG_PATH={}/lib/pkgconfig && {} -std=c11 -shared -fPIC $(pkg-config --cflags "
      "reactorbench) {}/examples/third_party_plugin/example_poll.c $(pkg-config --libs "
      "reactorbench) -o {}",
      prefix.string(), RB_C_COMPILER, RB_SOURCE_DIR, so.string()));
  ASSERT_EQ(build.exit_code, 0) << build.output;
  const auto nm = sh("nm -D --defined-only " + so.string());
  EXPECT_EQ(nm.output.find(kEntry), nm.output.rfind(kEntry)) << nm.output;
  EXPECT_NE(nm.output.find(kEntry), std::string::npos) << nm.output;
  const auto listed = runner("plugins --plugin-path " + so.parent_path().string());
  EXPECT_NE(listed.output.find("example-poll"), std::string::npos) << listed.output;
}

TEST_F(Sdk, PackageAcceptsTheSameMajorOnly) {
  const fs::path project = root / "version-probe";
  fs::create_directories(project);
  std::ofstream(project / "CMakeLists.txt") << R"(cmake_minimum_required(VERSION 3.20)
project(version_probe LANGUAGES NONE)
find_package(ReactorBench ${WANT} CONFIG)
message(STATUS "found=${ReactorBench_FOUND} abi=${ReactorBench_ABI_VERSION}")
)";
  const auto probe = [&](const std::string& want) {
    return sh(fmt::format("{} -S {} -B {}/build-{} -DWANT={} -DCMAKE_PREFIX_PATH={}", RB_CMAKE,
                          project.string(), project.string(), want, want, prefix.string()))
        .output;
  };
  EXPECT_NE(probe("1").find("found=1 abi=1."), std::string::npos) << probe("1");
  EXPECT_NE(probe("1.0").find("found=1"), std::string::npos);
  EXPECT_NE(probe("2").find("found=0"), std::string::npos) << probe("2");
  EXPECT_NE(probe("1.999").find("found=0"), std::string::npos) << probe("1.999");
}

}  // namespace
}  // namespace rbtest
