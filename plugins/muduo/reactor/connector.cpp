#include "reactor/connector.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactor/socket.h"

namespace rbmuduo {

namespace {

// A connect to a local port from that same port succeeds with no listener at all.
bool isSelfConnect(int sockfd) {
  const Socket probe(sockfd, /*owned=*/false);
  return probe.localAddress() == probe.peerAddress();
}

}  // namespace

Connector::Connector(EventLoop* loop, const InetAddress& serverAddress)
    : loop_(loop), serverAddress_(serverAddress) {}

Connector::~Connector() {
  // A channel left here would belong to a loop this object can no longer be called from.
  if (channel_) {
    ::close(removeAndResetChannel());
  }
}

void Connector::start() {
  loop_->runInLoop([weak = weak_from_this()] {
    if (auto self = weak.lock()) {
      self->connect_ = true;
      self->startInLoop();
    }
  });
}

void Connector::stop() {
  loop_->runInLoop([weak = weak_from_this()] {
    if (auto self = weak.lock()) {
      self->stopInLoop();
    }
  });
}

void Connector::restart() {
  loop_->assertInLoopThread();
  state_ = kDisconnected;
  retryDelay_ = kInitRetryDelay;
  connect_ = true;
  startInLoop();
}

void Connector::startInLoop() {
  loop_->assertInLoopThread();
  if (connect_ && state_ == kDisconnected) {
    connect();
  }
}

void Connector::stopInLoop() {
  loop_->assertInLoopThread();
  connect_ = false;
  loop_->cancel(retryTimer_);
  if (state_ == kConnecting) {
    state_ = kDisconnected;
    ::close(removeAndResetChannel());
    if (failureCallback_) {
      failureCallback_(ECANCELED);
    }
  }
}

void Connector::connect() {
  const int sockfd = Socket::createNonblocking();
  const int rc = ::connect(sockfd, serverAddress_.sockAddr(), sizeof(sockaddr_in));
  const int error = rc == 0 ? 0 : errno;
  switch (error) {
    case 0:
    case EINPROGRESS:
    case EINTR:
    case EISCONN:
      connecting(sockfd);
      break;
    default:
      fail(sockfd, error);
      break;
  }
}

void Connector::connecting(int sockfd) {
  state_ = kConnecting;
  channel_ = std::make_unique<Channel>(loop_, sockfd);
  channel_->setWriteCallback([this] { handleWrite(); });
  channel_->setErrorCallback([this] { handleError(); });
  channel_->enableWriting();
}

int Connector::removeAndResetChannel() {
  channel_->disableAll();
  channel_->remove();
  const int sockfd = channel_->fd();
  // Inside Channel::handleEvent the channel must outlive this call: free it afterwards.
  loop_->queueInLoop([doomed = std::shared_ptr<Channel>(std::move(channel_))] {});
  return sockfd;
}

void Connector::handleWrite() {
  if (state_ != kConnecting) {
    return;
  }
  const int sockfd = removeAndResetChannel();
  const Socket probe(sockfd, /*owned=*/false);
  const int error = probe.error();
  if (error != 0) {
    fail(sockfd, error);
  } else if (isSelfConnect(sockfd)) {
    fail(sockfd, ECONNREFUSED);
  } else {
    state_ = kConnected;
    if (connect_ && newConnectionCallback_) {
      newConnectionCallback_(sockfd);
    } else {
      ::close(sockfd);
    }
  }
}

void Connector::handleError() {
  if (state_ != kConnecting) {
    return;
  }
  const int sockfd = removeAndResetChannel();
  const Socket probe(sockfd, /*owned=*/false);
  fail(sockfd, probe.error());
}

void Connector::fail(int sockfd, int error) {
  ::close(sockfd);
  state_ = kDisconnected;
  if (!connect_) {
    return;
  }
  if (!retry_) {
    connect_ = false;
    if (failureCallback_) {
      failureCallback_(error);
    }
    return;
  }
  retryTimer_ = loop_->runAfter(retryDelay_, [weak = weak_from_this()] {
    if (auto self = weak.lock()) {
      self->startInLoop();
    }
  });
  retryDelay_ = std::min(retryDelay_ * 2, kMaxRetryDelay);
}

}  // namespace rbmuduo
