// A child's log is read back only at its end (issue 31, item 9): a child that flooded it
// (GBs of stderr without a newline) costs the runner 64 KiB, not the log's size.
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "../../support/scratch_dir.h"
#include "exec/child_outcome.h"

namespace rb::exec {
namespace {

TEST(LastLogLine, IsTheLastNonEmptyLineShortened) {
  const rbtest::ScratchDir dir;
  EXPECT_EQ(last_log_line(dir.write("a.log", "first\nlast words\n\n")), "last words");
  EXPECT_EQ(last_log_line(dir.write("b.log", "no newline")), "no newline");
  EXPECT_EQ(last_log_line(dir.write("c.log", "\n\n")), "");
  EXPECT_EQ(last_log_line(dir.path() / "absent.log"), "");
  EXPECT_EQ(last_log_line(dir.write("d.log", std::string(400, 'x') + "\n")),
            std::string(300, 'x') + "...");
}

#if !defined(__SANITIZE_ADDRESS__)
// In a death test's child: exit 0 when the last line came back under a 512 MiB limit.
void read_tail_in_small_address_space(const std::filesystem::path& log) {
  const rlimit small{512u << 20, 512u << 20};
  ::setrlimit(RLIMIT_AS, &small);
  const std::string line = last_log_line(log);
  // The 64 KiB read are NULs ending in "tail": shown shortened, its start missing.
  std::_Exit(line.starts_with("...") && line.ends_with("...") ? 0 : 1);
}

// A 4 GiB log (sparse: no disk) of one line, read under a 512 MiB address-space limit: the
// whole log would not fit, its tail does.
TEST(LastLogLineDeathTest, ReadsOnlyTheTailOfAFloodedLog) {
  const rbtest::ScratchDir dir;
  const auto log = dir.write("flood.log", "");
  {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, off_t{4} << 30), 0);
    ASSERT_EQ(::pwrite(fd, "tail\n", 5, off_t{4} << 30), 5);
    ::close(fd);
  }
  EXPECT_EXIT(read_tail_in_small_address_space(log), ::testing::ExitedWithCode(0), "");
}
#endif

}  // namespace
}  // namespace rb::exec
