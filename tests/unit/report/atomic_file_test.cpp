// write_file_atomically never writes through a symlink planted at a temporary name it would
// use (issue 14, item 1), and leaves no temporary file behind.
#include "report/atomic_file.h"

#include <gtest/gtest.h>

#include <fstream>

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

}  // namespace
}  // namespace rb::report
