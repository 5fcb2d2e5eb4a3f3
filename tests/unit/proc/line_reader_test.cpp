// The one bounded reader of a child's output (issue 31, item 9): a child that writes without
// end or without a newline cannot keep the runner in a read loop or grow its memory.
#include "proc/line_reader.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../support/scratch_dir.h"
#include "proc/child_process.h"
#include "proc/spawn.h"

namespace rb::proc {
namespace {

// A non-blocking pipe holding `contents`, its write end closed when `eof`.
struct FilledPipe {
  explicit FilledPipe(const std::string& contents, bool eof = true) : pipe(contents) {
    ::fcntl(pipe.read_end(), F_SETFL, ::fcntl(pipe.read_end(), F_GETFL) | O_NONBLOCK);
    if (eof) pipe.close_write_end();
  }
  Pipe pipe;
};

std::vector<std::string> read_all(LineReader& reader, int fd) {
  std::vector<std::string> lines;
  while (reader.read(fd, [&](std::string_view line) { lines.emplace_back(line); })) {
  }
  return lines;
}

TEST(LineReader, HandsOnEveryCompleteLineAcrossChunks) {
  const FilledPipe in("one\n\ntwo\nunfinished");
  LineReader reader(16, 3);  // a three-byte budget: every line spans several reads
  EXPECT_EQ(read_all(reader, in.pipe.read_end()), (std::vector<std::string>{"one", "", "two"}));
  EXPECT_EQ(reader.dropped_note(), "");
}

TEST(LineReader, DropsAndCountsALineOverTheBoundAndKeepsTheNext) {
  const std::string long_line(100, 'x');
  const FilledPipe in("short\n" + long_line + "\n" + long_line + long_line + "\nafter\n");
  LineReader reader(50, 7);
  EXPECT_EQ(read_all(reader, in.pipe.read_end()), (std::vector<std::string>{"short", "after"}));
  EXPECT_EQ(reader.dropped_lines(), 2u);
  EXPECT_EQ(reader.dropped_bytes(), 300u);
  EXPECT_EQ(reader.dropped_note(), "2 lines over 50 bytes dropped (300 bytes)");
}

TEST(LineReader, ReadsNoMoreThanItsBudgetAtATime) {
  const FilledPipe in(std::string(10000, 'y') + "\n", false);
  LineReader reader(LineReader::kMaxLine, 4096);
  EXPECT_TRUE(reader.read(in.pipe.read_end(), [](std::string_view) {}));
  int left = 0;
  ASSERT_EQ(::ioctl(in.pipe.read_end(), FIONREAD, &left), 0);
  EXPECT_EQ(left, 10001 - 4096);
}

// `yes` on the report pipe never leaves it empty: each read_lines() must still return.
TEST(LineReader, AChildThatWritesWithoutEndLetsEachReadReturn) {
  const rbtest::ScratchDir dir;
  ChildProcess child({"/bin/sh", "-c", "exec yes >&3"}, dir.path() / "log", 3);
  std::size_t lines = 0;
  for (int i = 0; i < 3; ++i) {
    pollfd ready{child.report_fd(), POLLIN, 0};
    ASSERT_EQ(::poll(&ready, 1, 10000), 1);
    EXPECT_TRUE(child.read_lines([&](std::string_view line) { lines += line == "y"; }));
  }
  EXPECT_GT(lines, 0u);
  child.terminate(std::chrono::milliseconds(0));
  reap_all({&child});
}

// A flood with no newline at all costs the reader its bound, not the flood's size.
TEST(LineReader, AFloodWithoutANewlineIsDroppedNotBuffered) {
  const rbtest::ScratchDir dir;
  ChildProcess child({"/bin/sh", "-c", "{ head -c 5000000 /dev/zero; echo; echo end; } >&3"},
                     dir.path() / "log", 3);
  std::vector<std::string> lines;
  while (child.read_lines([&](std::string_view line) { lines.emplace_back(line); })) {
  }
  reap_all({&child});
  EXPECT_EQ(lines, std::vector<std::string>{"end"});
  EXPECT_EQ(child.dropped_output_note(), "1 line over 1048576 bytes dropped (5000000 bytes)");
}

}  // namespace
}  // namespace rb::proc
