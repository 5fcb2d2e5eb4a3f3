// write_file_atomically never writes through a symlink planted at a temporary name it would
// use (issue 14, item 1), and leaves no temporary file behind.
#include "report/atomic_file.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <future>
#include <system_error>

#include "../../support/capability.h"
#include "../../support/scratch_dir.h"

namespace rb::report {
namespace {

namespace fs = std::filesystem;

using rbtest::file_contents;

TEST(AtomicFile, APlantedSymlinkAtTheOldTemporaryNameIsLeftAlone) {
  const rbtest::ScratchDir dir;
  const fs::path victim = dir.write("victim", "precious\n");
  const fs::path target = dir.path() / "summary.json";
  fs::create_symlink(victim, dir.path() / "summary.json.tmp");

  write_file_atomically(target, "{}\n");

  EXPECT_EQ(file_contents(victim), "precious\n");
  EXPECT_EQ(file_contents(target), "{}\n");
  EXPECT_FALSE(fs::is_symlink(target));
  EXPECT_EQ((fs::status(target).permissions() & fs::perms::all),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                fs::perms::others_read);
  int entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 2);  // victim and summary.json: the link was removed, no temporary left
}

// Issue 31, item 1: `export --out /dev/null` renamed a temporary over the device. A twin of
// /dev/null (char 1:3) in a scratch directory stands in for it, so a regression cannot break
// the machine the tests run on.
TEST(AtomicFile, ACharacterDeviceIsWrittenThroughNotReplaced) {
  const rbtest::ScratchDir dir;
  const fs::path device = dir.path() / "null";
  if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
    RB_SKIP_WITHOUT("root") << "mknod needs CAP_MKNOD: " << std::strerror(errno);

  write_file_atomically(device, "nothing\n");

  struct stat after {};
  ASSERT_EQ(::lstat(device.c_str(), &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  EXPECT_EQ(after.st_rdev, makedev(1, 3));
  EXPECT_FALSE(fs::exists(dir.path() / "null.tmp"));
}

TEST(AtomicFile, AFifoIsWrittenThrough) {
  const rbtest::ScratchDir dir;
  const fs::path fifo = dir.path() / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto reader = std::async(std::launch::async, [&] { return file_contents(fifo); });

  write_file_atomically(fifo, "through\n");

  EXPECT_EQ(reader.get(), "through\n");
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
}

TEST(AtomicFile, ALinkToStandardOutputIsWrittenThrough) {
  const rbtest::ScratchDir dir;
  const fs::path captured = dir.path() / "stdout.txt";
  const int saved = ::dup(STDOUT_FILENO);
  const int file = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(file, 0);
  ASSERT_EQ(::write(file, "before\n", 7), 7);
  ::dup2(file, STDOUT_FILENO);
  ::close(file);

  write_file_atomically("/dev/stdout", "printed\n");

  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  EXPECT_EQ(file_contents(captured), "before\nprinted\n");  // appended where stdout stood
  EXPECT_TRUE(fs::is_symlink("/dev/stdout"));
}

TEST(AtomicFile, ADirectoryIsRefusedAndNamed) {
  const rbtest::ScratchDir dir;
  const fs::path target = dir.path() / "out";
  fs::create_directory(target);
  try {
    write_file_atomically(target, "x");
    FAIL() << "a directory was written";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find(target.string() + " is a directory"), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(fs::is_directory(target));
  EXPECT_FALSE(fs::exists(dir.path() / "out.tmp"));
}

TEST(AtomicFile, ALinkToARegularFileIsRefusedAndTheFileKept) {
  const rbtest::ScratchDir dir;
  const fs::path victim = dir.write("victim", "precious\n");
  const fs::path link = dir.path() / "summary.json";
  fs::create_symlink(victim, link);
  try {
    write_file_atomically(link, "{}\n");
    FAIL() << "a link to a file was replaced";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("a symbolic link to a regular file"), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(file_contents(victim), "precious\n");
}

}  // namespace
}  // namespace rb::report
