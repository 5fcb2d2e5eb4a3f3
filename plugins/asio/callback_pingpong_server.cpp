// The pingpong echo server in completion-handler style (the shape of rr's, callback_rr.cpp).
#include <memory>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "style_factories.h"

namespace rbasio {
namespace {

using boost::asio::ip::tcp;
using boost::system::error_code;

class CallbackEchoSession : public std::enable_shared_from_this<CallbackEchoSession> {
 public:
  CallbackEchoSession(tcp::socket socket, EchoCounters& counters, std::size_t readBuffer)
      : socket_(std::move(socket)), buffer_(counters, readBuffer) {}

  // In the session's own context.
  void start(OpenSockets& open) {
    registration_.join(open, socket_);
    readSome();
  }

 private:
  void readSome() {
    socket_.async_read_some(
        buffer_.forRead(),
        [self = shared_from_this()](const error_code& ec, std::size_t n) { self->onRead(ec, n); });
  }

  // The client's end of stream (or a reset, or the stop's close) ends the session; the
  // socket closes with it.
  void onRead(const error_code& ec, std::size_t n) {
    if (ec) return;
    boost::asio::async_write(
        socket_, buffer_.received(n),
        [self = shared_from_this()](const error_code& writeError, std::size_t written) {
          self->onWritten(writeError, written);
        });
  }

  void onWritten(const error_code& ec, std::size_t written) {
    buffer_.sent(written);
    if (ec) return;
    readSome();
  }

  tcp::socket socket_;
  EchoBuffer buffer_;
  OpenSocket registration_;
};

class CallbackPingpongServer final : public PingpongServer {
 public:
  using PingpongServer::PingpongServer;

 private:
  void startAccepting() override { acceptNext(); }

  void acceptNext() {
    const std::size_t index = pool().nextIndex();
    acceptor().async_accept(pool().executor(index), [this, index](const error_code& ec,
                                                                  tcp::socket peer) {
      const Accepted what = accepted(ec, peer);
      if (what == Accepted::stop) return;
      if (what == Accepted::next) return acceptWhenReadable([this] { acceptNext(); });
      // The session is made in its own context's thread, where it will be used and freed.
      boost::asio::post(pool().executor(index), [this, index, peer = std::move(peer)]() mutable {
        std::make_shared<CallbackEchoSession>(std::move(peer), counters(index), readBuffer())
            ->start(openSockets(index));
      });
      acceptNext();
    });
  }
};

}  // namespace

std::unique_ptr<PingpongServer> makePingpongServer(const rb_pingpong_server_params& params,
                                                   const PluginOptions& options) {
  return std::make_unique<CallbackPingpongServer>(params, options);
}

}  // namespace rbasio
