// The build note reactorbench_add_plugin() writes into a plugin (cmake/plugin_build_note.c),
// read back from the file, and what the runner says of it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/plugin_build.h"
#include "plugin/build_note.h"
#include "test_paths.h"

namespace rb::plugin {
namespace {

namespace fs = std::filesystem;

TEST(BuildNote, APluginBuiltWithTheHelperRecordsItsBuild) {
  const auto note = read_build_note(fs::path(RB_PLUGIN_DIR) / "raw_epoll.so");
  ASSERT_TRUE(note.has_value());
  const auto build = parse_plugin_build(*note);
  ASSERT_TRUE(build.has_value()) << *note;
  EXPECT_EQ(build->build_type, RB_CMAKE_BUILD_TYPE);
  EXPECT_EQ(build->compiler.rfind("GNU ", 0), 0u) << build->compiler;
  // This project's own flags reach the note (the target's compile options included).
  EXPECT_NE(build->flags.find("-Wall -Wextra -Wpedantic"), std::string::npos) << build->flags;
  if (std::string(RB_CMAKE_BUILD_TYPE) == "RelWithDebInfo") {
    EXPECT_TRUE(build->optimized);
    EXPECT_NE(build->flags.find("-O2"), std::string::npos) << build->flags;
  }
}

TEST(BuildNote, APluginBuiltWithoutTheHelperHasNone) {
  EXPECT_FALSE(read_build_note(test::bad_plugin("abi_1_0.so")).has_value());
}

TEST(BuildNote, ATruncatedOrForeignFileHasNone) {
  const fs::path dir = fs::temp_directory_path() / "rb-build-note-test";
  fs::create_directories(dir);
  const fs::path truncated = dir / "truncated.so";
  {
    std::ifstream in(fs::path(RB_PLUGIN_DIR) / "raw_epoll.so", std::ios::binary);
    std::string head(200, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    std::ofstream(truncated, std::ios::binary) << head;
  }
  EXPECT_FALSE(read_build_note(truncated).has_value());
  std::ofstream(dir / "text.so") << "not an ELF file";
  EXPECT_FALSE(read_build_note(dir / "text.so").has_value());
  EXPECT_FALSE(read_build_note(dir / "missing.so").has_value());
  fs::remove_all(dir);
}

TEST(PluginBuild, ParsesTheNotesLines) {
  const auto build = parse_plugin_build(
      "optimized=0\nbuild_type=Debug\nflags=-g -Wall\ncompiler=GNU 12.2.0\nfuture=kept out\n");
  ASSERT_TRUE(build.has_value());
  EXPECT_EQ(*build, (PluginBuild{false, "Debug", "-g -Wall", "GNU 12.2.0"}));
  EXPECT_FALSE(parse_plugin_build("build_type=Release\n").has_value());
  EXPECT_FALSE(parse_plugin_build("optimized=yes\n").has_value());
}

TEST(PluginBuild, WarnsOnlyOfARecordedUnoptimisedBuild) {
  EXPECT_EQ(unoptimised_warning("my-loop", PluginBuild{false, "", "-Wall", "GNU 12.2.0"}),
            "plugin 'my-loop' was built without optimisation (no build type, flags: -Wall): its "
            "numbers measure the compiler's -O0, not the library (build it with "
            "-DCMAKE_BUILD_TYPE=Release, or RelWithDebInfo)");
  EXPECT_EQ(unoptimised_warning("x", PluginBuild{false, "Debug", "", ""}),
            "plugin 'x' was built without optimisation (build type Debug): its numbers measure "
            "the compiler's -O0, not the library (build it with -DCMAKE_BUILD_TYPE=Release, or "
            "RelWithDebInfo)");
  EXPECT_FALSE(unoptimised_warning("x", PluginBuild{true, "Release", "-O3", ""}).has_value());
  EXPECT_FALSE(unoptimised_warning("x", std::nullopt).has_value());
  EXPECT_EQ(describe(PluginBuild{true, "Release", "-O3 -DNDEBUG", "GNU 12.2.0"}),
            "optimised, Release, GNU 12.2.0, flags: -O3 -DNDEBUG");
  EXPECT_EQ(describe(std::nullopt),
            "not recorded (built without reactorbench_add_plugin, or before it recorded builds)");
}

}  // namespace
}  // namespace rb::plugin
