// The kernel's counts of a known amount of work: exact where the kernel counts it, and the
// path without tracefs or with counting turned off.
#include "proc/kernel_counters.h"
#include "../../support/capability.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>

namespace rb::proc {
namespace {

constexpr int kCalls = 1000;

// Sets an environment variable for one test, and puts it back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The counters of this process, or the test skipped with the machine's reason.
#define OPEN_OR_SKIP(counters)                                 \
  KernelCounters counters = KernelCounters::of_this_process(); \
  if (!counters.missing().empty())                             \
  RB_SKIP_WITHOUT("tracefs") << "not counted here: " << counters.missing()

void write_n(int fd, int n) {
  for (int i = 0; i < n; ++i) ASSERT_EQ(::write(fd, "x", 1), 1);
}

TEST(KernelCounters, CountsExactlyTheWritesMadeInsideTheWindow) {
  OPEN_OR_SKIP(counters);
  const int null_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  ASSERT_GE(null_fd, 0);
  write_n(null_fd, 7);  // before: not counted
  counters.begin_window();
  write_n(null_fd, kCalls);
  const KernelCounts counts = counters.end_window();
  write_n(null_fd, 7);  // after: not counted
  ::close(null_fd);
  EXPECT_EQ(counts.at("sys.write"), static_cast<std::uint64_t>(kCalls));
  // Nothing else entered the kernel: the ioctl that stops the counting is left out.
  EXPECT_EQ(counts.at("sys.total"), static_cast<std::uint64_t>(kCalls));
  EXPECT_EQ(counts.at("sys.read"), 0u);
  EXPECT_EQ(counts.at("sys.epoll_ctl"), 0u);
}

TEST(KernelCounters, EachWindowCountsOnlyItself) {
  OPEN_OR_SKIP(counters);
  const int null_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  ASSERT_GE(null_fd, 0);
  for (int window = 1; window <= 3; ++window) {
    counters.begin_window();
    write_n(null_fd, window * 10);
    EXPECT_EQ(counters.end_window().at("sys.write"), static_cast<std::uint64_t>(window * 10));
  }
  ::close(null_fd);
}

TEST(KernelCounters, ThreadsStartedAfterOpeningCountToo) {
  OPEN_OR_SKIP(counters);
  int pipe_fds[2];
  ASSERT_EQ(::pipe2(pipe_fds, O_CLOEXEC), 0);
  counters.begin_window();
  std::thread writer([&] { write_n(pipe_fds[1], 50); });
  char byte;
  for (int i = 0; i < 50; ++i) ASSERT_EQ(::read(pipe_fds[0], &byte, 1), 1);
  writer.join();
  const KernelCounts counts = counters.end_window();
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
  EXPECT_EQ(counts.at("sys.write"), 50u);  // all of them on the other thread
  EXPECT_EQ(counts.at("sys.read"), 50u);
  EXPECT_GT(counts.at("sys.total"), 100u);  // and the thread's own start and end
}

TEST(KernelCounters, EpollCtlIsCountedByItsOp) {
  OPEN_OR_SKIP(counters);
  const int epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
  int pipe_fds[2];
  ASSERT_EQ(::pipe2(pipe_fds, O_CLOEXEC), 0);
  epoll_event interest{};
  interest.events = EPOLLIN;
  counters.begin_window();
  ASSERT_EQ(::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pipe_fds[0], &interest), 0);
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(::epoll_ctl(epoll_fd, EPOLL_CTL_MOD, pipe_fds[0], &interest), 0);
  ASSERT_EQ(::epoll_ctl(epoll_fd, EPOLL_CTL_DEL, pipe_fds[0], nullptr), 0);
  const KernelCounts counts = counters.end_window();
  for (const int fd : {epoll_fd, pipe_fds[0], pipe_fds[1]}) ::close(fd);
  if (counts.count("sys.epoll_ctl.add") == 0)
    RB_SKIP_WITHOUT("tracefs") << "no syscalls:sys_enter_epoll_ctl";
  EXPECT_EQ(counts.at("sys.epoll_ctl"), 5u);
  EXPECT_EQ(counts.at("sys.epoll_ctl.add"), 1u);
  EXPECT_EQ(counts.at("sys.epoll_ctl.mod"), 3u);
  EXPECT_EQ(counts.at("sys.epoll_ctl.del"), 1u);
  EXPECT_EQ(counts.at("sys.total"), 5u);
}

TEST(KernelCounters, PageFaultsOfFreshPagesAreCounted) {
  OPEN_OR_SKIP(counters);
  constexpr std::size_t kPages = 64;
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  void* memory =
      ::mmap(nullptr, kPages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(memory, MAP_FAILED);
  counters.begin_window();
  for (std::size_t i = 0; i < kPages; ++i) static_cast<volatile char*>(memory)[i * page] = 1;
  const KernelCounts counts = counters.end_window();
  ::munmap(memory, kPages * page);
  EXPECT_GE(counts.at("faults"), kPages);
  EXPECT_EQ(counts.at("sys.total"), 0u);
}

TEST(KernelCounters, AnotherProcessIsCountedByPid) {
  { OPEN_OR_SKIP(probe); }
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    char byte;
    if (::read(go[0], &byte, 1) != 1) ::_exit(2);
    const int null_fd = ::open("/dev/null", O_WRONLY);
    for (int i = 0; i < kCalls; ++i)
      if (::write(null_fd, "x", 1) != 1) ::_exit(3);
    ::_exit(0);
  }
  ::close(go[0]);
  KernelCounters counters = KernelCounters::of_process(child);
  ASSERT_TRUE(counters.missing().empty()) << counters.missing();
  ASSERT_EQ(::write(go[1], "g", 1), 1);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const KernelCounts counts = counters.since_last();
  ::close(go[1]);
  EXPECT_EQ(counts.at("sys.write"), static_cast<std::uint64_t>(kCalls));
  EXPECT_GE(counts.at("sys.total"), static_cast<std::uint64_t>(kCalls));
  EXPECT_EQ(counters.since_last().at("sys.write"), 0u);  // counted once
}

TEST(KernelCounters, WithoutTracefsTheSyscallsAreMissingAndTheRestCounts) {
  const auto empty =
      std::filesystem::temp_directory_path() / ("rb-no-tracefs-" + std::to_string(::getpid()));
  std::filesystem::create_directories(empty);
  ScopedEnv tracefs("RB_TRACEFS", empty.string());
  KernelCounters counters = KernelCounters::of_this_process();
  std::filesystem::remove_all(empty);
  EXPECT_NE(counters.missing().find("syscalls: no tracefs"), std::string::npos)
      << counters.missing();
  EXPECT_NE(counters.missing().find(empty.string()), std::string::npos) << counters.missing();
  if (!counters.counting())
    RB_SKIP_WITHOUT("perf_events") << "no software events either: " << counters.missing();
  counters.begin_window();
  const KernelCounts counts = counters.end_window();
  EXPECT_EQ(counts.count("sys.total"), 0u);
  EXPECT_EQ(counts.count("cs"), 1u);
  EXPECT_EQ(counts.count("faults"), 1u);
  EXPECT_EQ(counts.count("cs.involuntary"), 1u);
}

TEST(KernelCounters, TurnedOffCountsNothingAndSaysWhy) {
  ScopedEnv off("RB_KERNEL_COUNTS", "off");
  KernelCounters counters = KernelCounters::of_this_process();
  EXPECT_FALSE(counters.counting());
  EXPECT_EQ(counters.missing(), "RB_KERNEL_COUNTS=off");
  counters.begin_window();
  EXPECT_TRUE(counters.end_window().empty());
  EXPECT_TRUE(KernelCounters::of_process(::getpid()).since_last().empty());
}

}  // namespace
}  // namespace rb::proc
