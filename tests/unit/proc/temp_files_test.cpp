// Files the runner creates where other users can write (issue 14, item 1): never through a
// symlink planted at a predictable name.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>

#include "../../support/scratch_dir.h"
#include "proc/child_process.h"
#include "proc/private_dir.h"

namespace rb::proc {
namespace {

namespace fs = std::filesystem;

using rbtest::file_contents;

TEST(PrivateDir, IsOnlyOursAndGoesAwayWithEverythingInIt) {
  fs::path made;
  {
    const PrivateDir dir("rbtest-private");
    made = dir.path();
    struct stat st {};
    ASSERT_EQ(::lstat(made.c_str(), &st), 0);
    EXPECT_TRUE(S_ISDIR(st.st_mode));
    EXPECT_EQ(st.st_mode & 07777, 0700u);
    EXPECT_EQ(st.st_uid, ::geteuid());
    EXPECT_EQ(made.parent_path(), fs::temp_directory_path());
    std::ofstream(made / "server.log") << "x";
  }
  EXPECT_FALSE(fs::exists(made));
}

TEST(PrivateDir, KeptWhenAsked) {
  fs::path made;
  {
    PrivateDir dir("rbtest-private");
    made = dir.path();
    dir.keep();
  }
  EXPECT_TRUE(fs::is_directory(made));
  fs::remove_all(made);
}

TEST(ChildProcess, NeverWritesItsLogThroughAPlantedSymlink) {
  const rbtest::ScratchDir dir;
  const fs::path victim = dir.write("victim", "precious\n");
  const fs::path log = dir.path() / "cell.log";
  fs::create_symlink(victim, log);
  {
    ChildProcess child({"/bin/sh", "-c", "echo overwritten"}, log, 3);
    while (child.read_lines([](std::string_view) {})) {
    }
    reap_all({&child});
    EXPECT_TRUE(WIFEXITED(child.wait_status()) && WEXITSTATUS(child.wait_status()) == 0);
  }
  EXPECT_EQ(file_contents(victim), "precious\n");
  EXPECT_TRUE(fs::is_symlink(log));
}

}  // namespace
}  // namespace rb::proc
