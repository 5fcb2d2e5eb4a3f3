// A plugin file anyone could have replaced is refused unless --allow-unsafe-plugins: a
// world-writable .so, or any .so in a world-writable directory without the sticky bit.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include "containment_support.h"

namespace rbtest {
namespace {

namespace fs = std::filesystem;

// A scratch plugin directory holding a copy of the working test plugin "good".
struct PluginDir {
  ScratchDir scratch;
  fs::path dir = scratch.path() / "plugins";
  fs::path so = dir / "good.so";
  PluginDir() {
    fs::create_directories(dir);
    fs::copy_file(bad_plugin("good.so"), so);
    ::chmod(dir.c_str(), 0755);
    ::chmod(so.c_str(), 0755);
  }
  RunOutput list(bool allow) const {
    std::vector<std::string> args = {"plugins", "--plugin-path", dir.string()};
    if (allow) args.push_back("--allow-unsafe-plugins");
    return run_runner(args);
  }
};

bool lists_good(const RunOutput& out) {
  return out.out.find("\ngood ") != std::string::npos;
}

TEST(UnsafePlugins, AnOrdinaryFileLoads) {
  const PluginDir plugins;
  const auto result = plugins.list(false);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(lists_good(result)) << result.out;
}

TEST(UnsafePlugins, WorldWritableFileIsRefusedUnlessAllowed) {
  const PluginDir plugins;
  ::chmod(plugins.so.c_str(), 0777);
  const auto refused = plugins.list(false);
  EXPECT_FALSE(lists_good(refused)) << refused.out;
  EXPECT_NE(refused.out.find("good.so is world-writable (mode 0777)"), std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find("--allow-unsafe-plugins"), std::string::npos) << refused.out;
  EXPECT_TRUE(lists_good(plugins.list(true)));
}

TEST(UnsafePlugins, WorldWritableDirectoryWithoutStickyBitIsRefused) {
  const PluginDir plugins;
  ::chmod(plugins.dir.c_str(), 0777);
  const auto refused = plugins.list(false);
  EXPECT_FALSE(lists_good(refused)) << refused.out;
  EXPECT_NE(refused.out.find("is world-writable without the sticky bit (mode 0777)"),
            std::string::npos)
      << refused.out;
  EXPECT_TRUE(lists_good(plugins.list(true)));
}

TEST(UnsafePlugins, WorldWritableDirectoryWithTheStickyBitIsFine) {
  const PluginDir plugins;
  ::chmod(plugins.dir.c_str(), 01777);
  EXPECT_TRUE(lists_good(plugins.list(false)));
}

TEST(UnsafePlugins, SymlinkIntoAnUnsafeDirectoryIsRefused) {
  const PluginDir plugins;
  const fs::path safe = plugins.scratch.path() / "safe";
  fs::create_directories(safe);
  ::chmod(plugins.dir.c_str(), 0777);
  fs::create_symlink(plugins.so, safe / "good.so");
  const auto refused = run_runner({"plugins", "--plugin-path", safe.string()});
  EXPECT_NE(refused.out.find("world-writable without the sticky bit"), std::string::npos)
      << refused.out;
}

TEST(UnsafePlugins, ARunMarksTheRefusedPluginsCellsFailedAndRunsTheRest) {
  const PluginDir plugins;
  ::chmod(plugins.so.c_str(), 0666);
  const auto run = run_matrix(plugins.scratch, two_plugin_config("good"),
                              {"--plugin-path", plugins.dir.string()});
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  EXPECT_NE(run.output.err.find("world-writable"), std::string::npos) << run.output.err;
  const auto& cell = cell_of(run.summary, "good");
  EXPECT_EQ(cell.at("status"), "failed");
  EXPECT_NE(cell.at("reason").get<std::string>().find("refused: "), std::string::npos);
  expect_good_plugin_completed(run);

  ScratchDir again;
  const auto allowed =
      run_matrix(again, two_plugin_config("good"),
                 {"--plugin-path", plugins.dir.string(), "--allow-unsafe-plugins"});
  EXPECT_EQ(allowed.output.exit_code, 0) << allowed.output.err;
  EXPECT_EQ(cell_of(allowed.summary, "good").at("status"), "ok");
}

TEST(UnsafePlugins, ValidateRefusesTooUnlessAllowed) {
  const PluginDir plugins;
  ::chmod(plugins.so.c_str(), 0666);
  const auto refused = run_runner({"validate", plugins.so.string()});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.out.find("world-writable"), std::string::npos) << refused.out;
  const auto allowed = run_runner(
      {"validate", plugins.so.string(), "--allow-unsafe-plugins", "--phase-timeout", "1"});
  EXPECT_NE(allowed.out.find("PASS  load"), std::string::npos) << allowed.out;
}

}  // namespace
}  // namespace rbtest
