#include "reactor/channel.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "reactor/event_loop.h"

namespace rbmuduo {
namespace {

// A channel on an eventfd with every callback recording its letter.
class ChannelTest : public ::testing::Test {
 protected:
  ChannelTest() : fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)), channel_(&loop_, fd_) {
    channel_.setReadCallback([this] { calls_ += 'r'; });
    channel_.setWriteCallback([this] { calls_ += 'w'; });
    channel_.setCloseCallback([this] { calls_ += 'c'; });
    channel_.setErrorCallback([this] { calls_ += 'e'; });
  }
  ~ChannelTest() override {
    channel_.disableAll();
    channel_.remove();
    ::close(fd_);
  }

  std::string dispatch(std::uint32_t revents) {
    calls_.clear();
    channel_.setRevents(revents);
    channel_.handleEvent();
    return calls_;
  }

  EventLoop loop_;
  const int fd_;
  Channel channel_;
  std::string calls_;
};

TEST_F(ChannelTest, DispatchesReventsToTheMatchingCallbacks) {
  EXPECT_EQ(dispatch(EPOLLIN), "r");
  EXPECT_EQ(dispatch(EPOLLPRI), "r");
  EXPECT_EQ(dispatch(EPOLLRDHUP), "r");
  EXPECT_EQ(dispatch(EPOLLOUT), "w");
  EXPECT_EQ(dispatch(EPOLLIN | EPOLLOUT), "rw");
  EXPECT_EQ(dispatch(EPOLLERR), "e");
  EXPECT_EQ(dispatch(0), "");
}

TEST_F(ChannelTest, HangupIsACloseOnlyWhenNothingIsLeftToRead) {
  EXPECT_EQ(dispatch(EPOLLHUP), "c");
  EXPECT_EQ(dispatch(EPOLLHUP | EPOLLIN), "r");
}

TEST_F(ChannelTest, TiedChannelSkipsCallbacksOnceItsOwnerIsGone) {
  auto owner = std::make_shared<int>(1);
  channel_.tie(owner);
  EXPECT_EQ(dispatch(EPOLLIN), "r");
  owner.reset();
  EXPECT_EQ(dispatch(EPOLLIN), "");
}

TEST_F(ChannelTest, InterestFlagsFollowEnableAndDisable) {
  EXPECT_TRUE(channel_.isNoneEvent());
  channel_.enableReading();
  EXPECT_TRUE(channel_.isReading());
  EXPECT_FALSE(channel_.isWriting());
  channel_.enableWriting();
  EXPECT_TRUE(channel_.isReading());
  EXPECT_TRUE(channel_.isWriting());
  channel_.disableReading();
  EXPECT_FALSE(channel_.isReading());
  EXPECT_TRUE(channel_.isWriting());
  channel_.disableWriting();
  EXPECT_TRUE(channel_.isNoneEvent());
}

TEST_F(ChannelTest, RegistrationMovesThroughNewAddedDeletedAndBack) {
  EXPECT_EQ(channel_.registration(), Channel::Registration::kNew);
  EXPECT_FALSE(loop_.hasChannel(&channel_));
  channel_.enableReading();
  EXPECT_EQ(channel_.registration(), Channel::Registration::kAdded);
  EXPECT_TRUE(loop_.hasChannel(&channel_));
  channel_.disableAll();
  EXPECT_EQ(channel_.registration(), Channel::Registration::kDeleted);
  EXPECT_TRUE(loop_.hasChannel(&channel_));
  channel_.remove();
  EXPECT_EQ(channel_.registration(), Channel::Registration::kNew);
  EXPECT_FALSE(loop_.hasChannel(&channel_));
}

TEST(ChannelLifetime, DestroyingARegisteredChannelDeregistersIt) {
  EventLoop loop;
  const int fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  const std::size_t before = loop.poller().channelCount();
  const EpollCtlCounters ctlBefore = loop.poller().counters();
  {
    Channel channel(&loop, fd);
    channel.enableReading();
    EXPECT_EQ(loop.poller().channelCount(), before + 1);
  }
  EXPECT_EQ(loop.poller().channelCount(), before);
  const EpollCtlCounters delta = loop.poller().counters() - ctlBefore;
  EXPECT_EQ(delta.add, 1u);
  EXPECT_EQ(delta.del, 1u);
  EXPECT_EQ(delta.delFailures, 0u);
  ::close(fd);
}

}  // namespace
}  // namespace rbmuduo
