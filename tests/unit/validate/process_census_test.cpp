// The /proc census the lifecycle checks compare, and the helpers that turn a difference into
// a check's failure.
#include <fcntl.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "../../support/what_thrown.h"
#include "proc/process_census.h"
#include "proc/spawn.h"
#include "reactorbench/plugin.h"
#include "workload/checks/check_helpers.h"
#include "workload/workload.h"

namespace rb::workload {
namespace {

using namespace std::chrono_literals;
using workload::CellFailure;

// A wait no correct census needs: only a broken one would sit it out.
constexpr auto kNeverNeeded = std::chrono::minutes(2);

// A thread that runs until told to end.
class Gate {
 public:
  void wait() {
    std::unique_lock lock(mutex_);
    opened_.wait(lock, [&] { return open_; });
  }
  void open() {
    {
      const std::lock_guard lock(mutex_);
      open_ = true;
    }
    opened_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable opened_;
  bool open_ = false;
};

// A thread parked on a Gate from construction until release(); its tid is known at once.
class ParkedThread {
 public:
  ParkedThread()
      : worker_([this] {
          tid_ = ::gettid();
          gate_.wait();
        }) {
    while (tid_.load() == 0) std::this_thread::yield();
  }
  ~ParkedThread() { release(); }
  ParkedThread(const ParkedThread&) = delete;
  ParkedThread& operator=(const ParkedThread&) = delete;

  pid_t tid() const { return tid_.load(); }
  void release() {
    if (!worker_.joinable()) return;
    gate_.open();
    worker_.join();
  }

 private:
  Gate gate_;
  std::atomic<pid_t> tid_{0};
  std::thread worker_;  // last: it starts once the gate and tid exist
};

TEST(ProcessCensus, OpenFdsSeesANewPipeAndEventfd) {
  const auto before = proc::open_fds();
  int ends[2];
  ASSERT_EQ(::pipe2(ends, O_CLOEXEC), 0);
  const proc::OwnedFd read_end(ends[0]), write_end(ends[1]);
  const proc::OwnedFd event(::eventfd(0, EFD_CLOEXEC));
  ASSERT_GE(event.get(), 0);

  const auto after = proc::open_fds();
  for (const int fd : {read_end.get(), write_end.get(), event.get()}) {
    EXPECT_FALSE(before.contains(fd)) << fd;
    ASSERT_TRUE(after.contains(fd)) << fd;
  }
  EXPECT_EQ(after.at(read_end.get()).rfind("pipe:[", 0), 0u) << after.at(read_end.get());
  EXPECT_EQ(after.at(event.get()), "anon_inode:[eventfd]");
  EXPECT_EQ(after.size(), before.size() + 3);
}

// The lowest free descriptor is the one opendir() takes for the listing: were the listing's
// own fd counted, it would show up here although nothing holds it afterwards.
TEST(ProcessCensus, OpenFdsLeavesOutTheListingsOwnFd) {
  const int probe = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(probe, 0);
  ::close(probe);
  EXPECT_FALSE(proc::open_fds().contains(probe));
  EXPECT_EQ(proc::open_fds(), proc::open_fds());
}

TEST(ProcessCensus, LiveThreadsSeesANewThread) {
  const auto before = proc::live_threads();
  EXPECT_TRUE(before.contains(::gettid()));
  ParkedThread parked;
  const auto during = proc::live_threads();
  parked.release();
  EXPECT_TRUE(during.contains(parked.tid()));
  EXPECT_FALSE(before.contains(parked.tid()));
}

TEST(ProcessCensus, DescribeNewFormatsWhatAppeared) {
  const std::map<int, std::string> before = {{0, "/dev/null"}, {3, "pipe:[1]"}};
  std::map<int, std::string> after = before;
  after.emplace(7, "anon_inode:[eventpoll]");
  after.emplace(9, "pipe:[123]");
  EXPECT_EQ(proc::describe_new_fds(before, after), "7 (anon_inode:[eventpoll]), 9 (pipe:[123])");
  EXPECT_EQ(proc::describe_new_fds(after, before), "");
  EXPECT_EQ(proc::describe_new_fds(before, before), "");

  const std::map<pid_t, std::string> threads = {{100, "runner"}};
  auto more = threads;
  more.emplace(101, "loop-1");
  EXPECT_EQ(proc::describe_new_threads(threads, more), "101 (loop-1)");
  EXPECT_EQ(proc::describe_new_threads(threads, threads), "");
}

TEST(ProcessCensus, ThreadsAfterReleaseReturnsAtOnceForAJoinedThread) {
  const auto before = proc::live_threads();
  std::thread([] {}).join();
  EXPECT_EQ(proc::describe_new_threads(before, proc::threads_after_release(before, kNeverNeeded)),
            "");
}

TEST(ProcessCensus, ThreadsAfterReleaseWaitsForAnExitingDetachedThread) {
  const auto before = proc::live_threads();
  Gate gate;
  std::atomic<bool> started{false};
  std::thread([&] {
    started = true;
    gate.wait();
  }).detach();
  while (!started.load()) std::this_thread::yield();
  gate.open();  // from here the thread only returns; nothing joins it
  EXPECT_EQ(proc::describe_new_threads(before, proc::threads_after_release(before, kNeverNeeded)),
            "");
}

TEST(ProcessCensus, ThreadsAfterReleaseGivesUpOnARunningThread) {
  const auto before = proc::live_threads();
  ParkedThread parked;
  const auto after = proc::threads_after_release(before, 20ms);
  parked.release();
  EXPECT_TRUE(after.contains(parked.tid()));
  EXPECT_NE(proc::describe_new_threads(before, after).find(std::to_string(parked.tid())),
            std::string::npos);
}

std::string failure_of(const std::function<void()>& fn) {
  return rbtest::what_thrown<CellFailure>(fn, "(no failure)");
}

TEST(CheckHelpers, ExpectSameFds) {
  const std::map<int, std::string> host = {{0, "/dev/null"}, {5, "pipe:[7]"}};
  EXPECT_NO_THROW(expect_same_fds(host, host));
  auto leaked = host;
  leaked.emplace(8, "anon_inode:[eventfd]");
  EXPECT_EQ(failure_of([&] { expect_same_fds(host, leaked); }),
            "fds left open after release: 8 (anon_inode:[eventfd])");
  const std::map<int, std::string> closed = {{0, "/dev/null"}};
  EXPECT_EQ(failure_of([&] { expect_same_fds(host, closed); }),
            "fds the host owns were closed by the plugin: 5 (pipe:[7])");
}

TEST(CheckHelpers, ExpectNoNewThreads) {
  const std::map<pid_t, std::string> before = {{10, "runner"}};
  EXPECT_NO_THROW(expect_no_new_threads(before, before));
  // A thread that ended is no fault of the plugin's.
  EXPECT_NO_THROW(expect_no_new_threads(before, {}));
  EXPECT_EQ(failure_of([&] {
              expect_no_new_threads(before, {{10, "runner"}, {11, "helper"}});
            }),
            "threads still running after release: 11 (helper)");
}

TEST(CheckHelpers, ExpectUnknownOptionRefused) {
  const std::string named = std::string("unknown option '") + kUnknownOption + "'";
  EXPECT_NO_THROW(expect_unknown_option_refused("prepare", RB_ERR_INVALID_ARGUMENT, named.c_str()));
  EXPECT_NE(failure_of([&] {
              expect_unknown_option_refused("prepare", RB_OK, "");
            }).find("prepare accepted the unknown option"),
            std::string::npos);
  EXPECT_NE(failure_of([&] {
              expect_unknown_option_refused("start", RB_ERR_UNSUPPORTED, named.c_str());
            }).find("instead of RB_ERR_INVALID_ARGUMENT"),
            std::string::npos);
  EXPECT_NE(failure_of([&] {
              expect_unknown_option_refused("prepare", RB_ERR_INVALID_ARGUMENT, "bad option");
            }).find("does not name the key"),
            std::string::npos);
}

TEST(CheckHelpers, WithUnknownOptionKeepsTheUsersOptions) {
  const auto options = with_unknown_option({{"backend", "poll"}});
  ASSERT_EQ(options.size(), 2u);
  EXPECT_EQ(options[0], (std::pair<std::string, std::string>{"backend", "poll"}));
  EXPECT_EQ(options[1].first, kUnknownOption);
}

}  // namespace
}  // namespace rb::workload
