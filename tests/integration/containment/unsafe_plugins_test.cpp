// A plugin file anyone could have replaced is refused unless --allow-unsafe-plugins: a
// world-writable .so, or any .so in a world-writable directory without the sticky bit.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include <gtest/gtest.h>

#include "../../support/capability.h"
#include "containment_support.h"

namespace rbtest {
namespace {

namespace fs = std::filesystem;

// A scratch plugin directory (<scratch>/<relative>) holding a copy of the working test
// plugin "good".
struct PluginDir {
  ScratchDir scratch;
  fs::path dir;
  fs::path so;
  explicit PluginDir(const fs::path& relative = "plugins")
      : dir(scratch.path() / relative), so(dir / "good.so") {
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

// <scratch>/x/sub/good.so: the plugin and its directory are fine, the ancestor x is judged.
struct NestedPluginDir : PluginDir {
  fs::path ancestor = scratch.path() / "x";
  NestedPluginDir() : PluginDir("x/sub") { ::chmod(ancestor.c_str(), 0755); }
  RunOutput list() const { return PluginDir::list(false); }
};

TEST(UnsafePlugins, AWorldWritableAncestorIsRefusedNamingIt) {
  const NestedPluginDir plugins;
  ::chmod(plugins.ancestor.c_str(), 0777);
  const auto refused = plugins.list();
  EXPECT_FALSE(lists_good(refused)) << refused.out;
  EXPECT_NE(refused.out.find("the directory " + plugins.ancestor.string() +
                             " is world-writable without the sticky bit (mode 0777)"),
            std::string::npos)
      << refused.out;
}

TEST(UnsafePlugins, AStickyWorldWritableAncestorIsFine) {
  const NestedPluginDir plugins;
  ::chmod(plugins.ancestor.c_str(), 01777);
  const auto listed = plugins.list();
  EXPECT_TRUE(lists_good(listed)) << listed.out;
}

TEST(UnsafePlugins, TheEnvironmentsPluginPathIsJudgedToo) {
  const NestedPluginDir plugins;
  ::chmod(plugins.ancestor.c_str(), 0777);
  ::setenv("REACTORBENCH_PLUGIN_PATH", plugins.dir.c_str(), 1);
  const auto refused = run_runner({"plugins"});
  ::unsetenv("REACTORBENCH_PLUGIN_PATH");
  EXPECT_NE(refused.out.find(plugins.ancestor.string() + " is world-writable"), std::string::npos)
      << refused.out;
}

TEST(UnsafePlugins, AnAncestorOfAnotherUserOrAForeignWritableGroupIsRefused) {
  if (::geteuid() != 0) RB_SKIP_WITHOUT("root") << "chown needs root to give files away";
  constexpr uid_t kNobody = 65534;
  const NestedPluginDir plugins;
  ASSERT_EQ(::chown(plugins.ancestor.c_str(), kNobody, 0), 0);
  const auto foreign_owner = plugins.list();
  EXPECT_NE(foreign_owner.out.find(plugins.ancestor.string() + " is owned by "), std::string::npos)
      << foreign_owner.out;
  EXPECT_NE(foreign_owner.out.find("uid 65534), neither you nor root"), std::string::npos)
      << foreign_owner.out;

  ASSERT_EQ(::chown(plugins.ancestor.c_str(), 0, kNobody), 0);
  ::chmod(plugins.ancestor.c_str(), 0775);
  const auto foreign_group = plugins.list();
  EXPECT_NE(foreign_group.out.find(plugins.ancestor.string() + " is writable by the group "),
            std::string::npos)
      << foreign_group.out;

  ASSERT_EQ(::chown(plugins.ancestor.c_str(), 0, 0), 0);  // root's group may write
  EXPECT_TRUE(lists_good(plugins.list()));
}

TEST(UnsafePlugins, ASymlinkIsJudgedWhereItLivesAndWhereItLeads) {
  const NestedPluginDir plugins;
  const fs::path links = plugins.scratch.path() / "links";
  fs::create_directories(links);
  fs::create_directory_symlink(plugins.dir, links / "sub");
  ::chmod(links.c_str(), 0777);  // anyone could repoint the link
  const auto refused = run_runner({"plugins", "--plugin-path", (links / "sub").string()});
  EXPECT_NE(refused.out.find(links.string() + " is world-writable"), std::string::npos)
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
