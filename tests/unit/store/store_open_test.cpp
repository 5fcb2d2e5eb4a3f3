// Opening a history safely: runners that create one new store at the same moment all get
// it (issue 14.5), and a damaged file is refused with its name and the way out (14.7).
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../../support/what_thrown.h"
#include "store/run_reader.h"
#include "store/schema.h"
#include "store_backends.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

using rb::testing::TempDir;

template <typename Backend>
class NewStore : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(NewStore);

TYPED_TEST_P(NewStore, RunnersCreatingOneNewStoreTogetherAllSucceed) {
  constexpr int kOpeners = 8;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const std::string path = this->another_store("new" + std::to_string(attempt) + ".db");
    std::atomic<int> waiting{kOpeners};
    std::vector<std::string> errors(kOpeners);
    std::vector<std::thread> openers;
    for (int i = 0; i < kOpeners; ++i)
      openers.emplace_back([&, i] {
        waiting.fetch_sub(1);
        while (waiting.load() > 0) std::this_thread::yield();
        try {
          Database db = open_history(path, true);
          if (db.user_version() != kSchemaVersion) errors[i] = "wrong version";
        } catch (const std::exception& e) {
          errors[i] = e.what();
        }
      });
    for (auto& t : openers) t.join();
    for (int i = 0; i < kOpeners; ++i) EXPECT_EQ(errors[i], "") << "opener " << i;
  }
}

REGISTER_TYPED_TEST_SUITE_P(NewStore, RunnersCreatingOneNewStoreTogetherAllSucceed);
RB_INSTANTIATE_FOR_STORE_BACKEND(NewStore);

// A store with a few runs in it, closed (its WAL checkpointed into the file).
std::filesystem::path store_with_runs(const TempDir& dir) {
  const auto path = dir.path() / "history.db";
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    rb::testing::store_run(path, rb::testing::flower_run(seed));
  return path;
}

std::string error_opening(const std::function<void()>& open) {
  return rbtest::what_thrown<StoreError>(open);
}

void expect_refused_as_damaged(const std::string& error, const std::filesystem::path& path) {
  EXPECT_EQ(error.find(path.string() + ": the database is damaged ("), 0u) << error;
  EXPECT_NE(error.find("sqlite3 " + path.string() + " \".recover\""), std::string::npos) << error;
  for (const char c : error) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7f)) << error;
}

// Random bytes over a page in the middle of the file, as issue 14.7 did: both the readers'
// and the writer's open refuse it, naming the file and the way to recover.
TEST(StoreOpen, RandomBytesInTheMiddleAreRefusedWithTheRecoveryStep) {
  TempDir dir;
  const auto path = store_with_runs(dir);
  const auto size = std::filesystem::file_size(path);
  constexpr std::size_t kPage = 4096;
  ASSERT_GE(size, 4 * kPage);
  {
    std::mt19937 random(14);
    std::string noise(kPage, '\0');
    for (auto& c : noise) c = static_cast<char>(random());
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(size / 2 / kPage * kPage));
    file.write(noise.data(), static_cast<std::streamsize>(noise.size()));
  }
  expect_refused_as_damaged(error_opening([&] { open_history_for_reading(path); }), path);
  expect_refused_as_damaged(error_opening([&] { open_history(path, true); }), path);
}

// Damage inside a record's text passes SQLite's structural check: what history would print
// is checked on the way out instead, never shown as bytes.
TEST(StoreOpen, GarbageWhereADateOrStatusBelongsIsRefusedNotPrinted) {
  TempDir dir;
  const auto path = store_with_runs(dir);
  {
    Database db(path, false);
    db.exec("UPDATE runs SET started_at = '20\x01\x1b[2J-03-01T02:00:00Z' WHERE id = 2");
  }
  Database db = open_history_for_reading(path);
  const std::string error = error_opening([&] { list_runs(db, {}); });
  expect_refused_as_damaged(error, path);
  EXPECT_NE(error.find("run 2: started_at is not a UTC time"), std::string::npos) << error;
  {
    Database writer(path, false);
    writer.exec("UPDATE runs SET started_at = '2026-03-01T02:00:00Z', status = 'fin\xffshed'");
  }
  expect_refused_as_damaged(error_opening([&] { find_run(db, 1); }), path);
}

TEST(StoreOpen, AHealthyStoreOpensAndLists) {
  TempDir dir;
  const auto path = store_with_runs(dir);
  Database db = open_history_for_reading(path);
  EXPECT_EQ(list_runs(db, {}).size(), 3u);
}

}  // namespace
}  // namespace rb::store
