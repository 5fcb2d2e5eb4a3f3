// What `runner new-plugin` writes, file by file, and what it refuses. The files are built and
// validated against an installed SDK in tests/integration/sdk (NewPlugin).
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli/new_plugin_command.h"
#include "cli/plugin_scaffold.h"

namespace rb::cli {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> paths_of(const std::vector<ScaffoldFile>& files) {
  std::vector<std::string> paths;
  for (const auto& file : files) paths.push_back(file.path);
  return paths;
}

const std::string& text_of(const std::vector<ScaffoldFile>& files, const std::string& path) {
  const auto found = std::find_if(files.begin(), files.end(),
                                  [&](const ScaffoldFile& file) { return file.path == path; });
  if (found == files.end()) throw std::out_of_range(path);
  return found->text;
}

TEST(PluginScaffold, WorkloadsAreTablesInTheABIsOrderEachOnce) {
  EXPECT_EQ(parse_scaffold_workloads({"rr", "flower", "flower"}),
            (std::vector<std::string>{"flower", "rr_server"}));
  EXPECT_EQ(parse_scaffold_workloads({"pingpong"}),
            (std::vector<std::string>{"pingpong_server", "pingpong_client"}));
  try {
    parse_scaffold_workloads({"flower", "echo"});
    FAIL() << "echo accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "new-plugin: unknown workload 'echo' (known: flower, notify, pingpong_server, "
                 "pingpong_client, rr_server; pingpong means pingpong_server and pingpong_client, "
                 "rr means rr_server)");
  }
}

TEST(PluginScaffold, RefusesANameConfigsCouldNotUse) {
  for (const char* name : {"My-Loop", "1loop", "", "my_loop"}) {
    try {
      check_plugin_name(name);
      FAIL() << name << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(e.what(), "new-plugin: the name '" + std::string(name) +
                              "' is no plugin name: [a-z0-9-]+, starting with a letter");
    }
  }
  EXPECT_NO_THROW(check_plugin_name("sd-event2"));
}

TEST(PluginScaffold, AFlowerPluginIsItsGlueItsLoopAndItsConfig) {
  const auto files = plugin_scaffold("my-loop", {"flower"});
  EXPECT_EQ(paths_of(files),
            (std::vector<std::string>{"CMakeLists.txt", "README.md", "entry.c", "options.h",
                                      "options.c", "flower.c", "flower.toml"}));
  for (const auto& file : files) {
    EXPECT_EQ(file.text.find('@'), std::string::npos) << file.path;
    EXPECT_EQ(file.text.find("RB_TEMPLATE_"), std::string::npos) << file.path;
  }
  const std::string& entry = text_of(files, "entry.c");
  EXPECT_NE(entry.find(".name = \"my-loop\""), std::string::npos) << entry;
  EXPECT_NE(entry.find(".flower = &my_loop_flower_ops,"), std::string::npos) << entry;
  EXPECT_EQ(entry.find(".rr_server"), std::string::npos) << entry;
  const std::string& cmake = text_of(files, "CMakeLists.txt");
  EXPECT_NE(cmake.find("reactorbench_add_plugin(my_loop SOURCES\n  entry.c\n  options.c\n  "
                       "flower.c)"),
            std::string::npos)
      << cmake;
  EXPECT_NE(cmake.find("ReactorBench::plugin_kit"), std::string::npos);
  EXPECT_NE(text_of(files, "flower.c").find("game->arm_policy = FLOWER_ARM_KEEPS;"),
            std::string::npos);
  EXPECT_NE(text_of(files, "flower.toml").find("plugins = [\"my-loop\", \"raw-epoll\"]"),
            std::string::npos);
}

TEST(PluginScaffold, APingpongConfigPairsTheRolesThePluginPlays) {
  const auto server = plugin_scaffold("x", {"pingpong_server"});
  EXPECT_NE(text_of(server, "pingpong.toml").find("\nclient = [\"raw-epoll\"]\n"),
            std::string::npos);
  const auto both = plugin_scaffold("x", {"pingpong_server", "pingpong_client"});
  const std::string& config = text_of(both, "pingpong.toml");
  EXPECT_EQ(config.find("raw-epoll\"]"), std::string::npos) << config;
  const auto paths = paths_of(both);
  EXPECT_EQ(std::count(paths.begin(), paths.end(), "pingpong.toml"), 1);
  const auto client = plugin_scaffold("x", {"pingpong_client"});
  EXPECT_NE(text_of(client, "pingpong.toml").find("\nserver = [\"raw-epoll\"]\n"),
            std::string::npos);
  EXPECT_NE(text_of(server, "CMakeLists.txt").find("server_loop.c"), std::string::npos);
  EXPECT_EQ(text_of(client, "CMakeLists.txt").find("server_loop.c"), std::string::npos);
}

class NewPluginDirectory : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("rb-new-plugin-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
};

TEST_F(NewPluginDirectory, WritesIntoANewDirectory) {
  EXPECT_EQ(new_plugin_command({"my-loop", {"flower"}, dir / "new"}), 0);
  EXPECT_TRUE(fs::is_regular_file(dir / "new" / "flower.c"));
  EXPECT_TRUE(fs::is_regular_file(dir / "new" / "CMakeLists.txt"));
}

TEST_F(NewPluginDirectory, RefusesADirectoryWithFilesOrALink) {
  fs::create_directories(dir / "used");
  std::ofstream(dir / "used" / "flower.c") << "mine\n";
  EXPECT_EQ(new_plugin_command({"my-loop", {"flower"}, dir / "used"}), 2);
  std::ifstream in(dir / "used" / "flower.c");
  std::string kept;
  std::getline(in, kept);
  EXPECT_EQ(kept, "mine");
  EXPECT_FALSE(fs::exists(dir / "used" / "CMakeLists.txt"));
  fs::create_directories(dir / "target");
  fs::create_directory_symlink(dir / "target", dir / "link");
  EXPECT_EQ(new_plugin_command({"my-loop", {"flower"}, dir / "link"}), 2);
  EXPECT_TRUE(fs::is_empty(dir / "target"));
  EXPECT_EQ(new_plugin_command({"my-loop", {"nope"}, dir / "other"}), 2);
  EXPECT_FALSE(fs::exists(dir / "other"));
}

}  // namespace
}  // namespace rb::cli
