// TcpConnection: one established TCP connection, owned through shared_ptr by its TcpServer
// or TcpClient and living in one EventLoop (its "io loop"). Reads go into the input buffer
// and to the message callback; send() writes at once when nothing is queued and buffers
// the rest until the socket is writable; shutdown() closes the write side once the output
// has drained. send, shutdown and forceClose may be called from any thread.
//
// Where this departs from muduo: a read or write error (ECONNRESET, EPIPE) closes the
// connection at once and is kept as lastError(), so an owner can tell a reset from an
// orderly close; the connection counts the bytes it read and wrote; and instead of muduo's
// high-water-mark callback, a connection given a high-water mark stops reading by itself
// while more output than that waits, so a peer that sends without reading cannot fill our
// memory.
#pragma once

#include <any>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "reactor/buffer.h"
#include "reactor/callbacks.h"
#include "reactor/inet_address.h"

namespace rbmuduo {

class Channel;
class EventLoop;
class Socket;

class TcpConnection : public std::enable_shared_from_this<TcpConnection> {
 public:
  // Takes ownership of sockfd, which must be connected and non-blocking.
  TcpConnection(EventLoop* loop, std::string name, int sockfd, const InetAddress& localAddress,
                const InetAddress& peerAddress);
  ~TcpConnection();
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;

  EventLoop* getLoop() const { return loop_; }
  const std::string& name() const { return name_; }
  const InetAddress& localAddress() const { return localAddress_; }
  const InetAddress& peerAddress() const { return peerAddress_; }
  bool connected() const { return state_ == kConnected; }
  bool disconnected() const { return state_ == kDisconnected; }

  // Dropped unless connected (as muduo): after shutdown() nothing more is sent.
  void send(const void* data, std::size_t len);
  void send(std::string_view message) { send(message.data(), message.size()); }
  // Sends and consumes the buffer's readable bytes; in the loop thread without a copy.
  void send(Buffer* buffer);
  void shutdown();
  void forceClose();
  void setTcpNoDelay(bool on);

  void setConnectionCallback(ConnectionCallback cb) { connectionCallback_ = std::move(cb); }
  void setMessageCallback(MessageCallback cb) { messageCallback_ = std::move(cb); }
  void setWriteCompleteCallback(WriteCompleteCallback cb) {
    writeCompleteCallback_ = std::move(cb);
  }
  void setCloseCallback(CloseCallback cb) { closeCallback_ = std::move(cb); }

  // Loop thread. Above `bytes` of output waiting, the connection stops reading; once the
  // output has drained it hands the message callback what its input buffer still holds and
  // reads on. A message callback that answers several messages per call should stop at
  // outputAboveHighWaterMark() and leave the rest in the buffer. No mark by default.
  void setHighWaterMark(std::size_t bytes) { highWaterMark_ = bytes; }
  bool outputAboveHighWaterMark() const { return outputBuffer_.readableBytes() > highWaterMark_; }

  // Loop thread: whatever the owner keeps per connection, as muduo's setContext.
  void setContext(std::any context) { context_ = std::move(context); }
  std::any* getMutableContext() { return &context_; }

  Buffer* inputBuffer() { return &inputBuffer_; }
  Buffer* outputBuffer() { return &outputBuffer_; }

  // Loop thread: the owner calls these once each, when it takes the connection on and
  // when it lets go of it.
  void connectEstablished();
  void connectDestroyed();

  // Loop thread. Bytes read(2) returned / write(2) accepted; the errno that closed the
  // connection (0 for an orderly close).
  std::uint64_t bytesRead() const { return bytesRead_; }
  std::uint64_t bytesWritten() const { return bytesWritten_; }
  int lastError() const { return lastError_; }

 private:
  enum State { kDisconnected, kConnecting, kConnected, kDisconnecting };

  void handleRead();
  void handleWrite();
  void handleClose();
  void handleError();
  void sendInLoop(const void* data, std::size_t len);
  void shutdownInLoop();
  void forceCloseInLoop();
  void pauseReading();
  void resumeReading();

  EventLoop* const loop_;
  const std::string name_;
  std::atomic<State> state_{kConnecting};
  const std::unique_ptr<Socket> socket_;
  const std::unique_ptr<Channel> channel_;
  const InetAddress localAddress_;
  const InetAddress peerAddress_;
  ConnectionCallback connectionCallback_;
  MessageCallback messageCallback_;
  WriteCompleteCallback writeCompleteCallback_;
  CloseCallback closeCallback_;
  Buffer inputBuffer_;
  Buffer outputBuffer_;
  std::any context_;
  std::size_t highWaterMark_ = SIZE_MAX;
  bool readingPaused_ = false;
  std::uint64_t bytesRead_ = 0;
  std::uint64_t bytesWritten_ = 0;
  int lastError_ = 0;
};

}  // namespace rbmuduo
