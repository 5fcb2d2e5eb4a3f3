// Many runners storing into one history at the same moment, as the shards of a nightly do
// (issue 17): separate processes, started together on a store none of them has created
// yet, so they race on the migration too. Every run arrives whole, and no writer sees
// "database is locked" or a serialization failure.
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <vector>

#include "store/run_reader.h"
#include "store/schema.h"
#include "store_backends.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

template <typename Backend>
class ConcurrentWriters : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(ConcurrentWriters);

// In a child: waits for the start signal, stores one run, and exits 0; on an error writes
// it to `error_file` and exits 1.
[[noreturn]] void write_one_run(const std::string& store, int start_fd, std::uint64_t seed,
                                const std::filesystem::path& error_file) {
  char byte;
  while (read(start_fd, &byte, 1) > 0) {
  }
  try {
    rb::testing::store_run(store, rb::testing::flower_run(seed), "shard");
  } catch (const std::exception& e) {
    std::ofstream(error_file) << e.what();
    _exit(1);
  }
  _exit(0);
}

TYPED_TEST_P(ConcurrentWriters, EveryRunOfWritersStartedTogetherArrivesWhole) {
  constexpr int kWriters = 6;
  int start[2];
  ASSERT_EQ(pipe(start), 0);
  std::vector<pid_t> writers;
  for (int i = 0; i < kWriters; ++i) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      close(start[1]);
      write_one_run(this->store(), start[0], static_cast<std::uint64_t>(i + 1),
                    this->dir().path() / ("writer-" + std::to_string(i) + ".error"));
    }
    writers.push_back(pid);
  }
  close(start[0]);
  close(start[1]);  // all of them start now
  for (int i = 0; i < kWriters; ++i) {
    int status = 0;
    ASSERT_EQ(waitpid(writers[i], &status, 0), writers[i]);
    const auto error_file = this->dir().path() / ("writer-" + std::to_string(i) + ".error");
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "writer " << i << ": " << rbtest::file_contents(error_file);
  }
  Database db = open_history_for_reading(this->store());
  const auto runs = list_runs(db, {});
  ASSERT_EQ(runs.size(), static_cast<std::size_t>(kWriters));
  for (const auto& run : runs) {
    EXPECT_EQ(run.status, "finished") << run.id;
    EXPECT_EQ(run.cells, 4u) << run.id;
    EXPECT_EQ(load_run(db, run.id).cells[3].samples.size(), 24u) << run.id;
  }
}

REGISTER_TYPED_TEST_SUITE_P(ConcurrentWriters, EveryRunOfWritersStartedTogetherArrivesWhole);
RB_INSTANTIATE_FOR_STORE_BACKEND(ConcurrentWriters);

}  // namespace
}  // namespace rb::store
