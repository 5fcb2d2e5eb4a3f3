// The plugin SDK as a user meets it: `cmake --install` to a fresh prefix, the out-of-tree
// example (examples/third_party_plugin) configured and built against that prefix alone, and
// the installed runner validating and measuring it. Also: every plugin exports only the
// entry symbol, pkg-config builds a plugin without CMake, and the package version check
// accepts the same major only.
#include <stdlib.h>

#include <algorithm>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
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
  for (const char* ours : {"libevent2", "raw-epoll", "muduo-style"})
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

// `runner new-plugin` as a plugin author meets it: what it writes for each workload, and for
// all of them in one plugin, configures against the installed SDK with no build type (and
// builds optimised, saying so), builds without a warning, passes every check of `runner
// validate`, and its configs load with the plugin.
class NewPlugin : public Sdk {
 protected:
  // Writes, configures and builds plugin `name`; returns its build directory.
  static fs::path write_and_build(const std::string& name, const std::string& workloads,
                                  const std::string& cmake_args = "") {
    const fs::path dir = root / name;
    const auto written =
        runner(fmt::format("new-plugin {} --workloads {} --out {}", name, workloads, dir.string()));
    EXPECT_EQ(written.exit_code, 0) << written.output;
    const auto configured = sh(fmt::format(
        "{} -G Ninja -S {} -B {}/build -DCMAKE_PREFIX_PATH={} -DCMAKE_C_COMPILER={} {}", RB_CMAKE,
        dir.string(), dir.string(), prefix.string(), RB_C_COMPILER, cmake_args));
    EXPECT_EQ(configured.exit_code, 0) << configured.output;
    if (cmake_args.empty()) {
      EXPECT_NE(configured.output.find("reactorbench: no CMAKE_BUILD_TYPE given, so plugins build "
                                       "as Release (optimised)"),
                std::string::npos)
          << configured.output;
    }
    const auto built = sh(fmt::format("{} --build {}/build", RB_CMAKE, dir.string()));
    EXPECT_EQ(built.exit_code, 0) << built.output;
    EXPECT_EQ(built.output.find("warning"), std::string::npos) << built.output;
    return dir / "build";
  }
};

TEST_F(NewPlugin, EachWorkloadAloneBuildsOptimisedAndValidates) {
  const std::pair<const char*, int> workloads[] = {
      {"flower", 8}, {"notify", 8}, {"pingpong_server", 8}, {"pingpong_client", 8}, {"rr", 8}};
  for (const auto& [workload, checks] : workloads) {
    std::string name = fmt::format("np-{}", workload);
    std::replace(name.begin(), name.end(), '_', '-');
    std::string ident = name;
    std::replace(ident.begin(), ident.end(), '-', '_');
    const fs::path build = write_and_build(name, workload);
    const auto validated = runner(fmt::format("validate {}/{}.so", build.string(), ident));
    EXPECT_EQ(validated.exit_code, 0) << validated.output;
    EXPECT_NE(validated.output.find(fmt::format("{}: {} passed, 0 failed\n", name, checks)),
              std::string::npos)
        << validated.output;
    EXPECT_NE(validated.output.find("  build: optimised, Release, "), std::string::npos)
        << validated.output;
  }
}

TEST_F(NewPlugin, EveryWorkloadInOnePluginValidatesAndItsConfigsLoad) {
  const fs::path build = write_and_build("np-all", "flower,notify,pingpong,rr");
  const auto validated = runner(fmt::format("validate {}/np_all.so", build.string()));
  EXPECT_EQ(validated.exit_code, 0) << validated.output;
  EXPECT_NE(validated.output.find("np-all: 28 passed, 0 failed\n"), std::string::npos)
      << validated.output;
  for (const char* config : {"flower.toml", "notify.toml", "pingpong.toml", "rr.toml"}) {
    const auto planned = runner(fmt::format("run {}/{} --dry-run --plugin-path {}",
                                            (root / "np-all").string(), config, build.string()));
    EXPECT_EQ(planned.exit_code, 0) << config << ": " << planned.output;
  }
  // What a measured run of the plugin then looks like (the flower config, quick).
  const fs::path out = root / "np-all-run";
  const auto run = runner(fmt::format("run {}/flower.toml --quick --plugin-path {} --out {}",
                                      (root / "np-all").string(), build.string(), out.string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::ifstream in(out / "summary.json");
  for (const auto& cell : nlohmann::json::parse(in).at("cells")) {
    if (cell.at("plugin") != "np-all") continue;
    EXPECT_EQ(cell.at("provenance").at("build").at("optimized"), true) << cell.dump();
    EXPECT_EQ(cell.at("provenance").at("build").at("build_type"), "Release");
  }
}

TEST_F(NewPlugin, AnUnoptimisedBuildIsWarnedOfInValidateAndInResults) {
  const fs::path build = write_and_build("np-debug", "flower", "-DCMAKE_BUILD_TYPE=Debug");
  const auto validated = runner(fmt::format("validate {}/np_debug.so", build.string()));
  EXPECT_EQ(validated.exit_code, 0) << validated.output;  // a warning, not a failure
  const std::string warning =
      "plugin 'np-debug' was built without optimisation (build type Debug, flags: -g -Wall "
      "-Wextra -Wpedantic): its numbers measure the compiler's -O0, not the library (build it "
      "with -DCMAKE_BUILD_TYPE=Release, or RelWithDebInfo)";
  EXPECT_NE(validated.output.find("WARN  build                   " + warning + "\n"),
            std::string::npos)
      << validated.output;
  EXPECT_NE(validated.output.find("np-debug: 8 passed, 0 failed, 1 warning\n"), std::string::npos)
      << validated.output;
  const fs::path out = root / "np-debug-run";
  const auto run = runner(fmt::format("run {}/flower.toml --quick --plugin-path {} --out {}",
                                      (root / "np-debug").string(), build.string(), out.string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("warning: " + warning + "\n"), std::string::npos) << run.output;
  std::ifstream json_in(out / "summary.json");
  const auto summary = nlohmann::json::parse(json_in);
  const auto& warnings = summary.at("context").at("machine_warnings");
  EXPECT_NE(std::find(warnings.begin(), warnings.end(), warning), warnings.end()) << warnings;
  std::ifstream md_in(out / "summary.md");
  std::stringstream md;
  md << md_in.rdbuf();
  EXPECT_NE(md.str().find("- **Warning:** " + warning + "\n"), std::string::npos) << md.str();
  for (const auto& cell : summary.at("cells"))
    if (cell.at("plugin") == "np-debug") {
      EXPECT_EQ(cell.at("provenance").at("build").at("optimized"), false) << cell.dump();
    }
}

// The sample outputs of the plugin author's pages are the real commands' output. A page marks
//   <!-- sample-file: NAME -->  before a fenced block: a file the samples below use;
//   <!-- sample: runner ARGS --> before a fenced block: what `runner ARGS` prints, exactly;
// they are re-run here with the installed runner, in a directory that stands for
// ~/my-plugin (build/: the example plugin built as section 3 builds it; x.so: a plugin whose
// option table is broken). In the output that directory reads ~/my-plugin and a sha256
// <64 hex digits>. On a mismatch the test prints the real output, to paste into the page.
class DocSamples : public Sdk {
 protected:
  struct Block {
    std::string marker, text;
  };

  // Each marker comment and the fenced block after it.
  static std::vector<Block> marked_blocks(const fs::path& page) {
    std::ifstream in(page);
    std::vector<Block> blocks;
    std::string line, marker;
    bool inside = false;
    while (std::getline(in, line)) {
      if (!inside && line.rfind("<!-- sample", 0) == 0) {
        marker = line;
      } else if (!inside && !marker.empty() && line.rfind("```", 0) == 0) {
        inside = true;
        blocks.push_back({marker, ""});
      } else if (inside && line.rfind("```", 0) == 0) {
        inside = false;
        marker.clear();
      } else if (inside) {
        blocks.back().text += line + "\n";
      }
    }
    return blocks;
  }

  // The text between "<!-- sample: " (or "sample-file: ") and " -->".
  static std::string argument(const std::string& marker, const std::string& kind) {
    const std::string head = "<!-- " + kind + ": ";
    return marker.substr(head.size(), marker.size() - head.size() - std::string(" -->").size());
  }

  static std::string normalised(std::string text, const fs::path& dir) {
    for (auto at = text.find(dir.string()); at != std::string::npos; at = text.find(dir.string()))
      text.replace(at, dir.string().size(), "~/my-plugin");
    static const std::regex sha256("sha256 [0-9a-f]{64}");
    return std::regex_replace(text, sha256, "sha256 <64 hex digits>");
  }
};

TEST_F(DocSamples, AreWhatTheCommandsPrint) {
  const fs::path dir = root / "my-plugin";
  fs::create_directories(dir);
  fs::create_directory_symlink(example_build, dir / "build");
  fs::copy_file(fs::path(RB_BUILD_DIR) / "bad_plugins" / "option_null_table.so", dir / "x.so");
  int samples = 0;
  for (const char* page : {"docs/writing-a-plugin.md", "docs/plugin-abi.md"}) {
    for (const auto& block : marked_blocks(fs::path(RB_SOURCE_DIR) / page)) {
      if (block.marker.rfind("<!-- sample-file: ", 0) == 0) {
        std::ofstream(dir / argument(block.marker, "sample-file")) << block.text;
        continue;
      }
      const std::string command = argument(block.marker, "sample");
      ASSERT_EQ(command.rfind("runner ", 0), 0u) << page << ": " << block.marker;
      const auto result = sh(fmt::format("cd {} && env -u REACTORBENCH_PLUGIN_PATH {}/bin/{}",
                                         dir.string(), prefix.string(), command));
      EXPECT_EQ(normalised(result.output, dir), block.text)
          << page << ": `" << command << "` now prints:\n"
          << normalised(result.output, dir);
      ++samples;
    }
  }
  EXPECT_GE(samples, 5);
}

// The installed plugin kit on its own, as an outside project links it (kit_check/).
TEST_F(Sdk, TheInstalledKitWorksOnItsOwn) {
  const fs::path build = root / "kit-check";
  const auto configured =
      sh(fmt::format("{} -G Ninja -S {}/tests/integration/sdk/kit_check -B {} "
                     "-DCMAKE_PREFIX_PATH={} -DCMAKE_C_COMPILER={}",
                     RB_CMAKE, RB_SOURCE_DIR, build.string(), prefix.string(), RB_C_COMPILER));
  ASSERT_EQ(configured.exit_code, 0) << configured.output;
  const auto built = sh(fmt::format("{} --build {}", RB_CMAKE, build.string()));
  ASSERT_EQ(built.exit_code, 0) << built.output;
  EXPECT_EQ(built.output.find("warning"), std::string::npos) << built.output;
  const auto ran = sh((build / "kit_check").string());
  EXPECT_EQ(ran.exit_code, 0) << ran.output;
  EXPECT_EQ(ran.output, "kit ok\n");
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
