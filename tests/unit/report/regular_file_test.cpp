// The one open of a results file (model/regular_file.h, issue 31, item 4): a link (to
// /dev/zero), a FIFO, a device, a directory or a file past its bound is refused at once with an
// error naming the file, what it is, and for size the size found and the bound.
#include "model/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../../support/scratch_dir.h"
#include "../../support/what_thrown.h"
#include "report/results_dir.h"
#include "report/samples_reader.h"
#include "report/summary_json.h"

namespace rb::model {
namespace {

using rbtest::ScratchDir;

constexpr FileBound kSmall{"test file", 10};

std::string refusal(const std::filesystem::path& path, FileBound bound = kSmall) {
  return rbtest::what_thrown<FileReadError>([&] { read_regular_file(path, bound); });
}

TEST(RegularFile, ARegularFileWithinItsBoundIsReadWhole) {
  ScratchDir dir;
  EXPECT_EQ(read_regular_file(dir.write("f", "0123456789"), kSmall), "0123456789");
  EXPECT_EQ(read_regular_file_if_present(dir.path() / "absent", kSmall), std::nullopt);
  EXPECT_EQ(refusal(dir.path() / "absent"),
            (dir.path() / "absent").string() + ": cannot open: No such file or directory");
}

TEST(RegularFile, ALinkIsNotFollowedAndItsTargetIsNamed) {
  ScratchDir dir;
  const auto link = dir.path() / "samples.jsonl";
  std::filesystem::create_symlink("/dev/zero", link);
  EXPECT_EQ(refusal(link, report::kSamplesJsonlBound),
            link.string() +
                ": a symbolic link (to /dev/zero); a samples.jsonl is read only as a "
                "regular file, never through a link");
  // Present, so the _if_present form refuses it too rather than reading nothing.
  EXPECT_THROW(read_regular_file_if_present(link, kSmall), FileReadError);
}

TEST(RegularFile, AFifoIsRefusedAtOnceWithoutAWriter) {
  ScratchDir dir;
  const auto fifo = dir.path() / "summary.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(refusal(fifo, report::kSummaryJsonBound),
            fifo.string() +
                ": a FIFO (named pipe), not a regular file; a summary.json must be a "
                "regular file");
}

TEST(RegularFile, DevicesAndDirectoriesAreRefused) {
  ScratchDir dir;
  EXPECT_EQ(refusal("/dev/zero"),
            "/dev/zero: a character device, not a regular file; a test file must be a regular "
            "file");
  EXPECT_EQ(refusal(dir.path()), dir.path().string() +
                                     ": a directory, not a regular file; a test file must be a "
                                     "regular file");
}

// A sparse file: its size is refused from fstat, before a byte of it is read.
TEST(RegularFile, AFilePastItsBoundNamesTheSizeFoundAndTheBound) {
  ScratchDir dir;
  const auto big = dir.path() / "samples.jsonl";
  const std::uint64_t size = (std::uint64_t{5} << 30) + 1;
  {
    const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT, 0600);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(size)), 0);
    ::close(fd);
  }
  EXPECT_EQ(refusal(big, report::kSamplesJsonlBound),
            big.string() +
                ": 5368709121 bytes, more than the 4294967296 bytes (4096 MiB) a "
                "samples.jsonl may have");
  EXPECT_EQ(
      refusal(dir.write("eleven", "01234567890")),
      (dir.path() / "eleven").string() + ": 11 bytes, more than the 10 bytes a test file may have");
}

// The readers compare, merge, report and export use, on a directory of each kind of trap.
TEST(RegularFile, TheResultsDirectoryReadersRefuseEachTrap) {
  ScratchDir dir;
  const auto fifo_summary = dir.path() / "fifo";
  std::filesystem::create_directory(fifo_summary);
  ASSERT_EQ(::mkfifo((fifo_summary / "summary.json").c_str(), 0600), 0);
  EXPECT_THROW(report::read_results_dir(fifo_summary), FileReadError);
  EXPECT_THROW(report::read_summary_json(fifo_summary / "summary.json"), FileReadError);

  const auto zero_samples = dir.path() / "zero";
  std::filesystem::create_directory(zero_samples);
  std::filesystem::create_symlink("/dev/zero", zero_samples / "samples.jsonl");
  EXPECT_THROW(report::read_samples_file(zero_samples / "samples.jsonl"), FileReadError);
  EXPECT_THROW(report::rebuild_run_from_samples(zero_samples / "samples.jsonl"), FileReadError);
}

}  // namespace
}  // namespace rb::model
