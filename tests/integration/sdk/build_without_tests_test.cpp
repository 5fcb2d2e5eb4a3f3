// A packager's configure: BUILD_TESTING=OFF needs no GoogleTest. GoogleTest is made unfindable
// (CMAKE_DISABLE_FIND_PACKAGE_GTest), so any find_package(GTest) left outside the option fails
// the configure.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "../../support/shell.h"

namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(BuildWithoutTests, ConfiguresWithoutGoogleTestAndDefinesNoTests) {
  const fs::path dir = fs::temp_directory_path() / ("rb-no-tests-" + std::to_string(getpid()));
  fs::remove_all(dir);
  const rbtest::CommandResult configure =
      rbtest::sh(std::string("'") + RB_CMAKE + "' -S '" + RB_SOURCE_DIR + "' -B '" + dir.string() +
                 "' -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF" +
                 " -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON --no-warn-unused-cli");
  ASSERT_EQ(configure.exit_code, 0) << configure.output;
  EXPECT_EQ(configure.output.find("GTest"), std::string::npos) << configure.output;
  const std::string ninja = ReadFile(dir / "build.ninja");
  EXPECT_NE(ninja.find("bin/runner"), std::string::npos) << "the runner is still built";
  EXPECT_NE(ninja.find("plugins/raw_epoll.so"), std::string::npos) << "and the plugins";
  EXPECT_EQ(ninja.find("unit_plugins"), std::string::npos) << "but no test executable";
  EXPECT_FALSE(fs::exists(dir / "CTestTestfile.cmake")) << "and no ctest file";
  fs::remove_all(dir);
}

}  // namespace
