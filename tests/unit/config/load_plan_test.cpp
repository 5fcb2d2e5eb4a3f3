// Reading config files from disk.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "config_test_support.h"

namespace rb::config {
namespace {

namespace fs = std::filesystem;

class LoadPlan : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rb_config_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  std::string error_loading(const fs::path& path) {
    try {
      load_plan(path, nullptr, {});
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  }

  fs::path dir_;
};

TEST_F(LoadPlan, ReadsAValidFile) {
  const fs::path path = write("flower.toml", testing::example_config);
  const TestPlan plan = load_plan(path, nullptr, {});
  EXPECT_EQ(plan.config_path, path);
  EXPECT_EQ(plan.config_text, testing::example_config);
  EXPECT_EQ(plan.cells().size(), 8u);
}

TEST_F(LoadPlan, ErrorsNameTheFilePath) {
  const fs::path path = write("bad.toml",
                              "workload = \"flower\"\nplugins = [\"a\"]\n[run]\n"
                              "warmup = -2\n");
  EXPECT_EQ(error_loading(path), path.string() + ":4:10: warmup must be at least 0, got -2");
}

TEST_F(LoadPlan, AMissingFileCannotBeRead) {
  const fs::path path = dir_ / "absent.toml";
  EXPECT_EQ(error_loading(path), path.string() + ": cannot read: No such file or directory");
}

TEST_F(LoadPlan, ADirectoryCannotBeRead) {
  EXPECT_EQ(error_loading(dir_), dir_.string() + ": cannot read: Is a directory");
}

TEST_F(LoadPlan, AnEndlessFileIsCutOff) {
  EXPECT_EQ(error_loading("/dev/zero"), "/dev/zero: cannot read: larger than 16 MiB");
}

TEST_F(LoadPlan, TheCannotReadErrorHasNoLine) {
  try {
    load_plan(dir_ / "absent.toml", nullptr, {});
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& error) {
    EXPECT_EQ(error.pos().line, 0);
    EXPECT_EQ(error.message(), "cannot read: No such file or directory");
  }
}

}  // namespace
}  // namespace rb::config
