#include "reactor/tcp_connection.h"

#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <string>

#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactor/socket.h"

namespace rbmuduo {

namespace {

ssize_t writeSome(int fd, const void* data, std::size_t len) {
  ssize_t n;
  do {
    n = ::write(fd, data, len);
  } while (n < 0 && errno == EINTR);
  return n;
}

}  // namespace

TcpConnection::TcpConnection(EventLoop* loop, std::string name, int sockfd,
                             const InetAddress& localAddress, const InetAddress& peerAddress)
    : loop_(loop),
      name_(std::move(name)),
      socket_(std::make_unique<Socket>(sockfd)),
      channel_(std::make_unique<Channel>(loop, sockfd)),
      localAddress_(localAddress),
      peerAddress_(peerAddress) {
  channel_->setReadCallback([this] { handleRead(); });
  channel_->setWriteCallback([this] { handleWrite(); });
  channel_->setCloseCallback([this] { handleClose(); });
  channel_->setErrorCallback([this] { handleError(); });
}

TcpConnection::~TcpConnection() {
  assert(state_ == kDisconnected);
}

void TcpConnection::send(const void* data, std::size_t len) {
  if (state_ != kConnected) {
    return;
  }
  if (loop_->isInLoopThread()) {
    sendInLoop(data, len);
    return;
  }
  loop_->runInLoop(
      [self = shared_from_this(), copy = std::string(static_cast<const char*>(data), len)] {
        self->sendInLoop(copy.data(), copy.size());
      });
}

void TcpConnection::send(Buffer* buffer) {
  if (state_ != kConnected) {
    return;
  }
  if (loop_->isInLoopThread()) {
    sendInLoop(buffer->peek(), buffer->readableBytes());
    buffer->retrieveAll();
    return;
  }
  loop_->runInLoop([self = shared_from_this(), copy = buffer->retrieveAllAsString()] {
    self->sendInLoop(copy.data(), copy.size());
  });
}

void TcpConnection::sendInLoop(const void* data, std::size_t len) {
  loop_->assertInLoopThread();
  if (state_ == kDisconnected) {
    return;
  }
  std::size_t written = 0;
  // Nothing queued: try the socket first, so the common case copies nothing.
  if (!channel_->isWriting() && outputBuffer_.readableBytes() == 0) {
    const ssize_t n = writeSome(channel_->fd(), data, len);
    if (n >= 0) {
      written = static_cast<std::size_t>(n);
      bytesWritten_ += written;
      if (written == len && writeCompleteCallback_) {
        loop_->queueInLoop([self = shared_from_this()] { self->writeCompleteCallback_(self); });
      }
    } else if (errno != EAGAIN && errno != EWOULDBLOCK) {
      lastError_ = errno;
      handleClose();
      return;
    }
  }
  if (written < len) {
    outputBuffer_.append(static_cast<const char*>(data) + written, len - written);
    if (!channel_->isWriting()) {
      channel_->enableWriting();
    }
    if (!readingPaused_ && outputAboveHighWaterMark()) {
      pauseReading();
    }
  }
}

void TcpConnection::pauseReading() {
  readingPaused_ = true;
  channel_->disableReading();
}

void TcpConnection::resumeReading() {
  readingPaused_ = false;
  if (inputBuffer_.readableBytes() > 0 && messageCallback_) {
    messageCallback_(shared_from_this(), &inputBuffer_);
  }
  // The callback may have filled the output again, or closed the connection.
  if (!readingPaused_ && (state_ == kConnected || state_ == kDisconnecting)) {
    channel_->enableReading();
  }
}

void TcpConnection::shutdown() {
  State expected = kConnected;
  if (state_.compare_exchange_strong(expected, kDisconnecting)) {
    loop_->runInLoop([self = shared_from_this()] { self->shutdownInLoop(); });
  }
}

void TcpConnection::shutdownInLoop() {
  loop_->assertInLoopThread();
  // With output still queued, handleWrite shuts down once it has drained.
  if (!channel_->isWriting()) {
    socket_->shutdownWrite();
  }
}

void TcpConnection::forceClose() {
  const State state = state_;
  if (state == kConnected || state == kDisconnecting) {
    state_ = kDisconnecting;
    loop_->queueInLoop([self = shared_from_this()] { self->forceCloseInLoop(); });
  }
}

void TcpConnection::forceCloseInLoop() {
  loop_->assertInLoopThread();
  if (state_ == kConnected || state_ == kDisconnecting) {
    handleClose();
  }
}

void TcpConnection::setTcpNoDelay(bool on) {
  socket_->setTcpNoDelay(on);
}

void TcpConnection::connectEstablished() {
  loop_->assertInLoopThread();
  assert(state_ == kConnecting);
  state_ = kConnected;
  channel_->tie(shared_from_this());
  channel_->enableReading();
  if (connectionCallback_) {
    connectionCallback_(shared_from_this());
  }
}

void TcpConnection::connectDestroyed() {
  loop_->assertInLoopThread();
  if (state_ == kConnected || state_ == kDisconnecting) {
    state_ = kDisconnected;
    channel_->disableAll();
    if (connectionCallback_) {
      connectionCallback_(shared_from_this());
    }
  }
  if (loop_->hasChannel(channel_.get())) {
    channel_->remove();
  }
}

void TcpConnection::handleRead() {
  loop_->assertInLoopThread();
  int savedErrno = 0;
  const ssize_t n = inputBuffer_.readFd(channel_->fd(), &savedErrno);
  if (n > 0) {
    bytesRead_ += static_cast<std::uint64_t>(n);
    if (messageCallback_) {
      messageCallback_(shared_from_this(), &inputBuffer_);
    } else {
      inputBuffer_.retrieveAll();
    }
  } else if (n == 0) {
    handleClose();
  } else if (savedErrno != EAGAIN && savedErrno != EWOULDBLOCK && savedErrno != EINTR) {
    lastError_ = savedErrno;
    handleClose();
  }
}

void TcpConnection::handleWrite() {
  loop_->assertInLoopThread();
  if (!channel_->isWriting()) {
    return;
  }
  const ssize_t n = writeSome(channel_->fd(), outputBuffer_.peek(), outputBuffer_.readableBytes());
  if (n < 0) {
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      lastError_ = errno;
      handleClose();
    }
    return;
  }
  bytesWritten_ += static_cast<std::uint64_t>(n);
  outputBuffer_.retrieve(static_cast<std::size_t>(n));
  if (outputBuffer_.readableBytes() > 0) {
    return;
  }
  channel_->disableWriting();
  if (writeCompleteCallback_) {
    loop_->queueInLoop([self = shared_from_this()] { self->writeCompleteCallback_(self); });
  }
  if (readingPaused_) {
    resumeReading();
  }
  if (state_ == kDisconnecting) {
    shutdownInLoop();
  }
}

void TcpConnection::handleClose() {
  loop_->assertInLoopThread();
  if (state_ == kDisconnected) {
    return;
  }
  state_ = kDisconnected;
  channel_->disableAll();
  // The owner's close callback drops its reference; this one keeps the object alive until
  // both callbacks have returned.
  const TcpConnectionPtr guard = shared_from_this();
  if (connectionCallback_) {
    connectionCallback_(guard);
  }
  if (closeCallback_) {
    closeCallback_(guard);
  }
}

void TcpConnection::handleError() {
  const int error = socket_->error();
  if (error != 0) {
    lastError_ = error;
  }
}

}  // namespace rbmuduo
