// The pingpong client in completion-handler style: each step of a session is a lambda that
// keeps the session alive by holding a shared_ptr to it.
#include <memory>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "style_factories.h"

namespace rbasio {
namespace {

using boost::asio::ip::tcp;
using boost::system::error_code;

class CallbackClientSession : public std::enable_shared_from_this<CallbackClientSession> {
 public:
  CallbackClientSession(PingpongClient& client, std::size_t loopIndex, std::uint32_t index)
      : client_(client),
        loopIndex_(loopIndex),
        socket_(client.pool().executor(loopIndex)),
        stream_(client.makeStream(loopIndex, index)) {}

  // In the session's own context.
  void start() {
    error_code ec;
    socket_.open(client_.server().protocol(), ec);
    if (ec) {
      end(SessionEnd::kConnectFailed);
      return;
    }
    registration_.join(client_.loop(loopIndex_).open, socket_);
    socket_.async_connect(client_.server(), [self = shared_from_this()](const error_code& error) {
      self->onConnected(error);
    });
  }

 private:
  void onConnected(const error_code& ec) {
    if (ec) {
      end(SessionEnd::kConnectFailed);
      return;
    }
    error_code ignored;  // a connection reset before this is seen by its first write
    socket_.set_option(tcp::no_delay(true), ignored);
    write(client_.firstBlock());
  }

  void write(boost::asio::const_buffer data) {
    boost::asio::async_write(
        socket_, data,
        [self = shared_from_this()](const error_code& ec, std::size_t) { self->onWritten(ec); });
  }

  void onWritten(const error_code& ec) {
    if (ec || !stream_.shutIfDue(socket_)) {
      end(SessionEnd::kReset);
      return;
    }
    readSome();
  }

  void readSome() {
    socket_.async_read_some(
        stream_.forRead(),
        [self = shared_from_this()](const error_code& ec, std::size_t n) { self->onRead(ec, n); });
  }

  void onRead(const error_code& ec, std::size_t n) {
    if (ec) {
      end(stream_.endAfter(ec));
      return;
    }
    const boost::asio::const_buffer echo = stream_.received(n);
    if (!stream_.shutIfDue(socket_)) {
      end(SessionEnd::kReset);
    } else if (stream_.shut()) {
      readSome();
    } else {
      write(echo);
    }
  }

  // No handler is left pending: the session and its socket go with the last one.
  void end(SessionEnd how) { client_.sessionEnded(loopIndex_, how); }

  PingpongClient& client_;
  const std::size_t loopIndex_;
  tcp::socket socket_;
  ClientStream stream_;
  OpenSocket registration_;
};

class CallbackPingpongClient final : public PingpongClient {
 public:
  using PingpongClient::PingpongClient;

 private:
  void launchSession(std::size_t loopIndex, std::uint32_t index) override {
    // The session is made in its own context's thread, where it will be used and freed.
    boost::asio::post(pool().executor(loopIndex), [this, loopIndex, index] {
      std::make_shared<CallbackClientSession>(*this, loopIndex, index)->start();
    });
  }
};

}  // namespace

std::unique_ptr<PingpongClient> makePingpongClient(const rb_pingpong_client_params& params,
                                                   const PluginOptions& options) {
  return std::make_unique<CallbackPingpongClient>(params, options);
}

}  // namespace rbasio
