// Opening a history safely: runners that create one new store at the same moment all get
// it (issue 14.5).
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "store/schema.h"
#include "store_test_support.h"

namespace rb::store {
namespace {

using rb::testing::TempDir;

TEST(StoreOpen, RunnersCreatingOneNewStoreTogetherAllSucceed) {
  constexpr int kOpeners = 8;
  for (int attempt = 0; attempt < 5; ++attempt) {
    TempDir dir;
    const auto path = dir.path() / "new.db";
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

}  // namespace
}  // namespace rb::store
