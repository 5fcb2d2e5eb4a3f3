#include "plugin/registry.h"

#include <algorithm>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

namespace rb::plugin {
namespace {

namespace fs = std::filesystem;

// A directory tree of empty *.so files; the fake prober decides what each one is.
class RegistryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) /
            ("rb_plugin_registry_" +
             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path touch(const fs::path& relative) {
    const auto path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream{path};
    return path;
  }
  fs::path dir(const std::string& name) const { return root_ / name; }

  // Plugin name from the file: "<name>.so" or "<name>@<anything>.so"; "broken*" fails.
  Registry::Prober prober() {
    return [this](const fs::path& path) {
      ++probes_[path];
      const std::string stem = path.stem().string();
      if (stem.starts_with("broken")) {
        throw LoadError(LoadErrorKind::no_entry_symbol, path, "no entry symbol");
      }
      PluginInfo info;
      info.name = stem.substr(0, stem.find('@'));
      info.workloads = {"flower"};
      info.path = path;
      return info;
    };
  }

  std::map<fs::path, int> probes_;

 private:
  fs::path root_;
};

TEST_F(RegistryTest, FindsSharedObjectsInEachDirectoryNonRecursively) {
  touch("one/alpha.so");
  touch("one/readme.txt");
  touch("one/nested/hidden.so");
  touch("two/beta.so");
  const auto registry = Registry::discover({dir("one"), dir("two"), dir("absent")}, prober());
  EXPECT_EQ(registry.names(), (std::vector<std::string>{"alpha", "beta"}));
  EXPECT_TRUE(registry.failures().empty());
  EXPECT_TRUE(registry.has("alpha"));
  EXPECT_FALSE(registry.has("hidden"));
  EXPECT_TRUE(registry.supports("beta", "flower"));
  EXPECT_FALSE(registry.supports("beta", "notify"));
  EXPECT_FALSE(registry.supports("gamma", "flower"));
}

TEST_F(RegistryTest, ProbeFailuresAreRecordedWithTheirMessage) {
  touch("one/alpha.so");
  const auto broken = touch("one/broken.so");
  const auto registry = Registry::discover({dir("one")}, prober());
  EXPECT_EQ(registry.names(), std::vector<std::string>{"alpha"});
  ASSERT_EQ(registry.failures().size(), 1u);
  EXPECT_EQ(registry.failures()[0].first, broken);
  EXPECT_EQ(registry.failures()[0].second, broken.string() + ": no entry symbol");
}

TEST_F(RegistryTest, DuplicateNamesAreReportedWithBothPaths) {
  const auto first = touch("one/dup.so");
  const auto second = touch("two/dup@copy.so");
  const auto registry = Registry::discover({dir("one"), dir("two")}, prober());
  ASSERT_EQ(registry.plugins().size(), 1u);
  EXPECT_EQ(registry.plugins()[0].path, first);  // the first found is the one listed
  EXPECT_EQ(registry.duplicate_paths("dup"), (std::vector<fs::path>{first, second}));
  ASSERT_EQ(registry.failures().size(), 1u);
  EXPECT_EQ(registry.failures()[0].first, second);

  try {
    registry.resolve("dup", prober());
    FAIL() << "a duplicated name resolved";
  } catch (const LoadError& error) {
    EXPECT_EQ(error.kind(), LoadErrorKind::duplicate_name);
    const std::string what = error.what();
    EXPECT_NE(what.find("'dup'"), std::string::npos) << what;
    EXPECT_NE(what.find(first.string()), std::string::npos) << what;
    EXPECT_NE(what.find(second.string()), std::string::npos) << what;
  }
}

TEST_F(RegistryTest, OneDirectoryListedTwiceIsNoDuplicate) {
  touch("one/alpha.so");
  const auto registry = Registry::discover({dir("one"), dir("one") / "."}, prober());
  EXPECT_EQ(registry.names(), std::vector<std::string>{"alpha"});
  EXPECT_TRUE(registry.failures().empty());
  EXPECT_EQ(probes_.size(), 1u);
}

TEST_F(RegistryTest, ResolvesANameWithoutProbingAgain) {
  const auto alpha = touch("one/alpha.so");
  const auto registry = Registry::discover({dir("one")}, prober());
  EXPECT_EQ(registry.resolve("alpha", prober()).path, alpha);
  EXPECT_EQ(probes_[alpha], 1);
}

TEST_F(RegistryTest, NotFoundNamesTheDirectoriesAndTheNearestName) {
  touch("one/libevent2.so");
  touch("two/raw-epoll.so");
  const auto registry = Registry::discover({dir("one"), dir("two")}, prober());
  try {
    registry.resolve("libevnt2", prober());
    FAIL() << "an unknown name resolved";
  } catch (const LoadError& error) {
    EXPECT_EQ(error.kind(), LoadErrorKind::not_found);
    const std::string what = error.what();
    EXPECT_TRUE(what.starts_with("libevnt2: ")) << what;
    EXPECT_NE(what.find(dir("one").string()), std::string::npos) << what;
    EXPECT_NE(what.find(dir("two").string()), std::string::npos) << what;
    EXPECT_NE(what.find("did you mean 'libevent2'?"), std::string::npos) << what;
  }
}

TEST_F(RegistryTest, NotFoundExplainsAFileOfThatNameThatFailedToLoad) {
  const auto broken = touch("one/broken.so");
  const auto registry = Registry::discover({dir("one")}, prober());
  try {
    registry.resolve("broken", prober());
    FAIL() << "a broken plugin resolved";
  } catch (const LoadError& error) {
    EXPECT_EQ(error.kind(), LoadErrorKind::not_found);
    EXPECT_NE(std::string(error.what()).find(broken.string() + ": no entry symbol"),
              std::string::npos)
        << error.what();
  }
}

TEST_F(RegistryTest, APathIsProbedDirectly) {
  const auto elsewhere = touch("elsewhere/gamma.so");
  const auto registry = Registry::discover({dir("one")}, prober());
  EXPECT_EQ(registry.resolve(elsewhere.string(), prober()).name, "gamma");
  EXPECT_EQ(probes_[elsewhere], 1);
  // A bare file name ending in .so is a path (relative), not a plugin name.
  EXPECT_EQ(registry.resolve("delta.so", prober()).name, "delta");
  EXPECT_EQ(probes_[fs::path("delta.so")], 1);
}

// "muduo" was the muduo-style plugin's name (model/plugin_renames.h): configs and histories
// that say it still load the plugin, which lists itself by its new name only.
TEST_F(RegistryTest, ARenamedPluginLoadsByItsOldName) {
  touch("one/muduo-style.so");
  touch("one/libuv.so");
  const auto registry = Registry::discover({dir("one")}, prober());
  EXPECT_EQ(registry.resolve("muduo", prober()).name, "muduo-style");
  EXPECT_TRUE(registry.has("muduo"));
  EXPECT_TRUE(registry.supports("muduo", "flower"));
  const auto names = registry.names();
  EXPECT_EQ(std::count(names.begin(), names.end(), "muduo"), 0);
  EXPECT_EQ(std::count(names.begin(), names.end(), "muduo-style"), 1);
}

TEST_F(RegistryTest, APluginThatGoesByAnOldNameItselfIsFoundByIt) {
  touch("one/muduo-style.so");
  touch("two/muduo.so");  // an older build in the search path: neither a duplicate nor hidden
  const auto registry = Registry::discover({dir("one"), dir("two")}, prober());
  EXPECT_TRUE(registry.failures().empty());
  EXPECT_EQ(registry.resolve("muduo", prober()).path, dir("two") / "muduo.so");
  EXPECT_EQ(registry.resolve("muduo-style", prober()).path, dir("one") / "muduo-style.so");
}

TEST(LooksLikePath, SlashOrSoSuffix) {
  EXPECT_TRUE(looks_like_path("./x"));
  EXPECT_TRUE(looks_like_path("x.so"));
  EXPECT_TRUE(looks_like_path("/abs/x"));
  EXPECT_FALSE(looks_like_path("libevent2"));
  EXPECT_FALSE(looks_like_path("raw-epoll"));
}

}  // namespace
}  // namespace rb::plugin
