#include "reactor/acceptor.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "reactor/event_loop.h"

namespace rbmuduo {

namespace {

int openIdleFd() {
  return ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

bool isListening(int fd) {
  int value = 0;
  socklen_t length = sizeof value;
  return ::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0 && value != 0;
}

}  // namespace

Acceptor::Acceptor(EventLoop* loop, const InetAddress& listenAddress, bool reusePort)
    : loop_(loop),
      socket_(Socket::createNonblocking()),
      adopted_(false),
      channel_(loop, socket_.fd()),
      idleFd_(openIdleFd()) {
  socket_.setReuseAddr(true);
  if (reusePort) {
    const int on = 1;
    ::setsockopt(socket_.fd(), SOL_SOCKET, SO_REUSEPORT, &on, sizeof on);
  }
  socket_.bindAddress(listenAddress);
  channel_.setReadCallback([this] { handleRead(); });
}

Acceptor::Acceptor(EventLoop* loop, int listenFd)
    : loop_(loop),
      socket_(listenFd, /*owned=*/false),
      adopted_(true),
      channel_(loop, listenFd),
      idleFd_(openIdleFd()) {
  channel_.setReadCallback([this] { handleRead(); });
}

Acceptor::~Acceptor() {
  if (listening_) {
    channel_.disableAll();
    channel_.remove();
  }
  if (idleFd_ >= 0) {
    ::close(idleFd_);
  }
}

void Acceptor::listen() {
  loop_->assertInLoopThread();
  if (!adopted_ || !isListening(socket_.fd())) {
    socket_.listen();
  }
  listening_ = true;
  channel_.enableReading();
}

void Acceptor::handleRead() {
  loop_->assertInLoopThread();
  InetAddress peer;
  const int connfd = socket_.accept(&peer);
  if (connfd >= 0) {
    if (newConnectionCallback_) {
      newConnectionCallback_(connfd, peer);
    } else {
      ::close(connfd);
    }
    return;
  }
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED) {
    return;
  }
  ++acceptErrors_;
  if ((errno == EMFILE || errno == ENFILE) && idleFd_ >= 0) {
    // Out of descriptors: take the connection with the spare one and close it, rather than
    // leave it pending, which would make every poll return at once.
    ::close(idleFd_);
    idleFd_ = ::accept(socket_.fd(), nullptr, nullptr);
    if (idleFd_ >= 0) {
      ::close(idleFd_);
      ++refused_;
    }
    idleFd_ = openIdleFd();
  }
}

}  // namespace rbmuduo
