#include "plugin/sha256.h"

#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace rb::plugin {
namespace {

class Sha256File : public ::testing::Test {
 protected:
  std::filesystem::path write(const std::string& content) {
    std::ofstream(path_, std::ios::binary) << content;
    return path_;
  }
  void TearDown() override { std::filesystem::remove(path_); }

 private:
  std::filesystem::path path_ =
      std::filesystem::path(::testing::TempDir()) /
      ("rb_plugin_sha256_" +
       std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
};

TEST_F(Sha256File, EmptyFile) {
  EXPECT_EQ(sha256_file(write("")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_F(Sha256File, Abc) {
  EXPECT_EQ(sha256_file(write("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_F(Sha256File, AMillionAsSpanningManyReads) {
  EXPECT_EQ(sha256_file(write(std::string(1'000'000, 'a'))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, MissingFileNamesThePath) {
  try {
    sha256_file("/nonexistent/reactorbench.so");
    FAIL() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("/nonexistent/reactorbench.so"), std::string::npos);
  }
}

}  // namespace
}  // namespace rb::plugin
