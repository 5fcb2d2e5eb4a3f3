#include "reactor/poller.h"

#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <ostream>
#include <vector>

#include <gtest/gtest.h>

#include "reactor/channel.h"
#include "reactor/event_loop.h"

namespace rbmuduo {

void PrintTo(const EpollCtlCounters& c, std::ostream* os) {
  *os << "{add " << c.add << ", mod " << c.mod << ", del " << c.del << ", eexist " << c.eexist
      << "}";
}

void PrintTo(RegistrationPolicy policy, std::ostream* os) {
  *os << toString(policy);
}

namespace {

// A socketpair whose first end is watched by a channel of the loop's poller.
struct WatchedSocket {
  explicit WatchedSocket(EventLoop* loop) {
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fds), 0);
    channel = std::make_unique<Channel>(loop, fds[0]);
  }
  ~WatchedSocket() {
    channel.reset();
    ::close(fds[0]);
    ::close(fds[1]);
  }
  void sendByte() const { EXPECT_EQ(::write(fds[1], "x", 1), 1); }

  int fds[2] = {-1, -1};
  std::unique_ptr<Channel> channel;
};

class PollerPolicyTest : public ::testing::TestWithParam<RegistrationPolicy> {
 protected:
  PollerPolicyTest() : loop_(GetParam()), socket_(&loop_) {}

  // epoll_ctl calls since the last call of this function.
  EpollCtlCounters ctlSinceLastCheck() {
    const EpollCtlCounters now = loop_.poller().counters();
    const EpollCtlCounters delta = now - last_;
    last_ = now;
    return delta;
  }
  static EpollCtlCounters calls(std::uint64_t add, std::uint64_t mod, std::uint64_t del,
                                std::uint64_t eexist) {
    return {.add = add, .mod = mod, .del = del, .eexist = eexist};
  }
  std::vector<Channel*> pollNow() {
    std::vector<Channel*> active;
    loop_.poller().poll(0, &active);
    return active;
  }
  bool isAddAlways() const { return GetParam() == RegistrationPolicy::kAddAlways; }

  EventLoop loop_;
  WatchedSocket socket_;
  EpollCtlCounters last_ = loop_.poller().counters();
};

TEST_P(PollerPolicyTest, NewChannelIsAddedOnce) {
  Channel& channel = *socket_.channel;
  channel.enableReading();
  EXPECT_EQ(ctlSinceLastCheck(), calls(1, 0, 0, 0));
  EXPECT_EQ(channel.registration(), Channel::Registration::kAdded);
  EXPECT_EQ(channel.registeredEvents(), Channel::kReadEvent);
  EXPECT_EQ(loop_.poller().policy(), GetParam());
}

TEST_P(PollerPolicyTest, ReenablingTheSameInterestStillReachesTheKernel) {
  Channel& channel = *socket_.channel;
  channel.enableReading();
  ctlSinceLastCheck();
  channel.enableReading();
  if (isAddAlways()) {
    EXPECT_EQ(ctlSinceLastCheck(), calls(1, 0, 0, 1));  // ADD -> EEXIST, accepted
  } else {
    EXPECT_EQ(ctlSinceLastCheck(), calls(0, 1, 0, 0));
  }
  EXPECT_EQ(channel.registration(), Channel::Registration::kAdded);
}

TEST_P(PollerPolicyTest, ChangedInterestFallsBackToModUnderAddAlways) {
  Channel& channel = *socket_.channel;
  channel.enableReading();
  ctlSinceLastCheck();
  channel.enableWriting();
  if (isAddAlways()) {
    EXPECT_EQ(ctlSinceLastCheck(), calls(1, 1, 0, 1));
  } else {
    EXPECT_EQ(ctlSinceLastCheck(), calls(0, 1, 0, 0));
  }
  EXPECT_EQ(channel.registeredEvents(), Channel::kReadEvent | Channel::kWriteEvent);
  // The kernel really holds the new mask: an idle socket is writable.
  const std::vector<Channel*> active = pollNow();
  ASSERT_EQ(active.size(), 1u);
  EXPECT_EQ(active[0], &channel);
  EXPECT_TRUE(channel.revents() & EPOLLOUT);
}

TEST_P(PollerPolicyTest, DisableAllDeletesAndReenableAddsAgain) {
  Channel& channel = *socket_.channel;
  channel.enableReading();
  channel.disableAll();
  EXPECT_EQ(ctlSinceLastCheck(), calls(1, 0, 1, 0));
  EXPECT_EQ(channel.registration(), Channel::Registration::kDeleted);
  EXPECT_TRUE(loop_.poller().hasChannel(&channel));
  socket_.sendByte();
  EXPECT_TRUE(pollNow().empty());

  channel.enableReading();
  EXPECT_EQ(ctlSinceLastCheck(), calls(1, 0, 0, 0));  // a fresh ADD, no EEXIST
  EXPECT_EQ(channel.registration(), Channel::Registration::kAdded);
  EXPECT_EQ(pollNow().size(), 1u);
}

TEST_P(PollerPolicyTest, RemoveForgetsTheChannel) {
  Channel& channel = *socket_.channel;
  const std::size_t known = loop_.poller().channelCount();
  channel.enableReading();
  EXPECT_EQ(loop_.poller().channelCount(), known + 1);
  channel.disableAll();
  channel.remove();
  EXPECT_EQ(loop_.poller().channelCount(), known);
  EXPECT_FALSE(loop_.poller().hasChannel(&channel));
  EXPECT_EQ(channel.registration(), Channel::Registration::kNew);
  EXPECT_EQ(ctlSinceLastCheck(), calls(1, 0, 1, 0));
}

TEST_P(PollerPolicyTest, LevelTriggeredReportsUnreadDataAgain) {
  Channel& channel = *socket_.channel;
  channel.enableReading();
  socket_.sendByte();
  EXPECT_EQ(pollNow(), std::vector<Channel*>{&channel});
  EXPECT_EQ(pollNow(), std::vector<Channel*>{&channel});
  char byte = 0;
  EXPECT_EQ(::read(socket_.fds[0], &byte, 1), 1);
  EXPECT_TRUE(pollNow().empty());
}

INSTANTIATE_TEST_SUITE_P(Policies, PollerPolicyTest,
                         ::testing::Values(RegistrationPolicy::kModify,
                                           RegistrationPolicy::kAddAlways),
                         [](const ::testing::TestParamInfo<RegistrationPolicy>& info) {
                           return info.param == RegistrationPolicy::kModify ? "Mod" : "AddAlways";
                         });

TEST(Poller, EventArrayDoublesWhenAPollFillsIt) {
  EventLoop loop(RegistrationPolicy::kModify, 2);
  EXPECT_EQ(loop.poller().eventCapacity(), 2u);
  std::vector<std::unique_ptr<WatchedSocket>> sockets;
  for (int i = 0; i < 5; ++i) {
    sockets.push_back(std::make_unique<WatchedSocket>(&loop));
    sockets.back()->channel->enableReading();
    sockets.back()->sendByte();
  }
  std::vector<Channel*> active;
  loop.poller().poll(0, &active);
  EXPECT_EQ(active.size(), 2u);
  EXPECT_EQ(loop.poller().eventCapacity(), 4u);
  active.clear();
  loop.poller().poll(0, &active);
  EXPECT_EQ(active.size(), 4u);
  EXPECT_EQ(loop.poller().eventCapacity(), 8u);
  active.clear();
  loop.poller().poll(0, &active);
  EXPECT_EQ(active.size(), 5u);
  EXPECT_EQ(loop.poller().eventCapacity(), 8u);
}

TEST(Poller, PollWithNothingReadyTimesOut) {
  EventLoop loop;
  std::vector<Channel*> active;
  EXPECT_EQ(loop.poller().poll(0, &active), PollStatus::kTimeout);
  EXPECT_TRUE(active.empty());
}

// The variant is the binary's: this one links the MOD default Poller, as muduo.so does
// (epoll_add_always.so links the other; flower_plugin_test sees its EEXISTs).
TEST(Poller, ALoopPollsWithItsBinarysDefaultVariant) {
  EXPECT_EQ(Poller::defaultPolicy(), RegistrationPolicy::kModify);
  EventLoop loop(4);
  EXPECT_EQ(loop.poller().policy(), RegistrationPolicy::kModify);
  EXPECT_EQ(loop.poller().eventCapacity(), 4u);
}

TEST(Poller, ZeroInitialEventsIsRejected) {
  EXPECT_THROW(Poller(RegistrationPolicy::kModify, 0), std::invalid_argument);
}

}  // namespace
}  // namespace rbmuduo
