// Traps where the runner reads, through the real runner (issue 31, items 4 and 5): a results
// directory whose samples.jsonl links to /dev/zero or whose summary.json or config.toml is a
// FIFO, and a --store that names a FIFO, a directory or a device. Every command refuses at
// once (no hang, no unbounded read, no "disk I/O error"), naming the path and what it is.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "results_support.h"

namespace rbtest {
namespace {

using Command = std::vector<std::string>;

std::filesystem::path copy_of(const std::filesystem::path& from, const ScratchDir& dir,
                              const std::string& name) {
  const auto to = dir.path() / name;
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
  return to;
}

// Every reader of a results directory: compare, merge, report, export.
std::vector<Command> readers_of(const std::filesystem::path& trap, const std::string& good,
                                const ScratchDir& dir) {
  return {{"compare", trap.string(), good},
          {"merge", trap.string(), "--out", (dir.path() / "merged").string()},
          {"report", trap.string(), "--html", (dir.path() / "html").string(), "--no-plots"},
          {"export", trap.string(), "--format", "bencher"}};
}

void expect_every_reader_refuses(const std::filesystem::path& trap, const std::string& good,
                                 const ScratchDir& dir, const std::string& error) {
  for (const Command& command : readers_of(trap, good, dir)) {
    const RunOutput r = run_runner(command);
    EXPECT_NE(r.exit_code, 0) << command[0];
    EXPECT_NE(r.err.find(error), std::string::npos) << command[0] << ": " << r.err;
    EXPECT_EQ(r.out, "") << command[0];
  }
}

TEST(HostilePaths, EveryResultsReaderRefusesALinkOrAFifoAtOnce) {
  ScratchDir dir;
  const RunOutput r = run_tiny(dir, "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto good = dir.path() / "out";

  const auto zero = copy_of(good, dir, "zero");
  std::filesystem::remove(zero / "samples.jsonl");
  std::filesystem::create_symlink("/dev/zero", zero / "samples.jsonl");
  expect_every_reader_refuses(zero, good.string(), dir,
                              (zero / "samples.jsonl").string() +
                                  ": a symbolic link (to /dev/zero); a samples.jsonl is read only "
                                  "as a regular file, never through a link");

  const auto fifo = copy_of(good, dir, "fifo");
  std::filesystem::remove(fifo / "summary.json");
  ASSERT_EQ(::mkfifo((fifo / "summary.json").c_str(), 0600), 0);
  expect_every_reader_refuses(fifo, good.string(), dir,
                              (fifo / "summary.json").string() +
                                  ": a FIFO (named pipe), not a regular file; a summary.json must "
                                  "be a regular file");

  const auto config = copy_of(good, dir, "config");
  std::filesystem::remove(config / "config.toml");
  ASSERT_EQ(::mkfifo((config / "config.toml").c_str(), 0600), 0);
  const std::string fifo_config = (config / "config.toml").string() +
                                  ": a FIFO (named pipe), not a regular file; a config.toml must "
                                  "be a regular file";
  for (const Command& command :
       {Command{"merge", config.string(), "--out", (dir.path() / "m").string()},
        Command{"compare", config.string(), good.string()}}) {
    const RunOutput r = run_runner(command);
    EXPECT_NE(r.exit_code, 0) << command[0];
    EXPECT_NE(r.err.find(fifo_config), std::string::npos) << command[0] << ": " << r.err;
  }
}

// Every command that opens a store: history (plain and --changes), tag, compare, run.
std::vector<Command> store_commands(const std::string& store) {
  return {{"history", "--store", store},
          {"history", "--changes", "--store", store},
          {"tag", "1", "base", "--store", store},
          {"compare", "1", "2", "--store", store}};
}

TEST(HostilePaths, AStoreThatIsNotAFileIsRefusedSayingWhatItIs) {
  ScratchDir dir;
  const auto fifo = dir.path() / "fifo.db";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto directory = dir.path() / "dir.db";
  std::filesystem::create_directory(directory);
  const std::vector<std::pair<std::string, std::string>> traps = {
      {fifo.string(), fifo.string() + ": a FIFO (named pipe), not a file: a store is an SQLite "
                                      "database file (a path such as results/history.db) or a "
                                      "postgresql:// URL"},
      {directory.string(), directory.string() +
                               ": a directory, not a file: a store is an SQLite database file (a "
                               "path such as " +
                               (directory / "history.db").string() + ") or a postgresql:// URL"},
      {"/dev/null",
       "/dev/null: a character device, not a file: a store is an SQLite database "
       "file (a path such as results/history.db) or a postgresql:// URL"}};
  int n = 0;
  for (const auto& [store, error] : traps) {
    for (const Command& command : store_commands(store)) {
      const RunOutput r = run_runner(command);
      EXPECT_NE(r.exit_code, 0) << command[0];
      EXPECT_NE(r.err.find(error), std::string::npos) << command[0] << ": " << r.err;
    }
    const RunOutput r = run_tiny(dir, "r" + std::to_string(++n), {"--store", store});
    EXPECT_EQ(r.exit_code, kExitUsage) << r.err;
    EXPECT_NE(r.err.find(error), std::string::npos) << "run: " << r.err;
  }
  struct stat st {};
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/null is no longer a device";
}

}  // namespace
}  // namespace rbtest
