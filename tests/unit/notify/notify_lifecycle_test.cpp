// The paths the runner takes when something goes wrong: release without finish (items
// still in flight), and a hand-off of only a few items. Neither may hang or leak the
// consumer thread.
#include <gtest/gtest.h>

#include <dirent.h>

#include <chrono>
#include <thread>

#include "built_plugins.h"
#include "notify_driver.h"
#include "notify_variants.h"
#include "test_host.h"

namespace rb_test {
namespace {

int ThreadCount() {
  int count = 0;
  if (DIR* dir = opendir("/proc/self/task")) {
    while (const dirent* entry = readdir(dir))
      if (entry->d_name[0] != '.') ++count;
    closedir(dir);
  }
  return count;
}

// pthread_join returns once the kernel clears the thread's tid, a moment before the task
// leaves /proc/self/task: wait (up to 2 s) for the count to settle rather than race it.
int ThreadCountSettlingAt(int expected) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  int count = ThreadCount();
  while (count != expected && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    count = ThreadCount();
  }
  return count;
}

class NotifyLifecycle : public ::testing::TestWithParam<NotifyVariant> {};

TEST_P(NotifyLifecycle, ReleaseWithoutFinishStopsTheConsumer) {
  const rb_notify_ops& ops = NotifyOpsOf(GetParam().path);
  TestHost host;
  host.SetDeadlineFromNow(std::chrono::seconds(60));
  std::vector<rb_option> options;
  for (const auto& [key, value] : GetParam().options)
    options.push_back({key.c_str(), value.c_str()});
  rb_notify_params params{};
  params.struct_size = sizeof params;
  params.producers = 1;
  params.items = 1000;
  params.consumer_cpu = -1;
  const int threads_before = ThreadCount();
  char err[512] = {0};
  void* state = nullptr;
  ASSERT_EQ(ops.start(host.services(), &params, options.empty() ? nullptr : options.data(),
                      static_cast<uint32_t>(options.size()), &state, err, sizeof err),
            RB_OK)
      << err;
  for (uint64_t v = 1; v <= 500; ++v) ASSERT_EQ(ops.post(state, v), RB_OK);
  ops.release(state);
  EXPECT_EQ(ThreadCountSettlingAt(threads_before), threads_before);
}

TEST_P(NotifyLifecycle, AFewItemsAreAllCounted) {
  NotifyRun run;
  run.items = 3;
  run.options = GetParam().options;
  const rb_notify_ops& ops = NotifyOpsOf(GetParam().path);
  const NotifyOutcome outcome = RunNotify(ops, run);
  ASSERT_EQ(outcome.finish_rc, RB_OK) << outcome.error;
  EXPECT_EQ(outcome.count, 3u);
  EXPECT_EQ(outcome.sum, 6u);
}

INSTANTIATE_TEST_SUITE_P(PluginDir, NotifyLifecycle, ::testing::ValuesIn(NotifyVariants()),
                         [](const auto& info) { return info.param.label; });

}  // namespace
}  // namespace rb_test
