// The rr server in completion-handler style: each step of a session is a lambda that keeps
// the session alive by holding a shared_ptr to it.
#include <memory>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "style_factories.h"

namespace rbasio {
namespace {

using boost::asio::ip::tcp;
using boost::system::error_code;

class CallbackRrSession : public std::enable_shared_from_this<CallbackRrSession> {
 public:
  CallbackRrSession(tcp::socket socket, RrCounters& counters, const HttpResponses& responses,
                    std::size_t readBuffer)
      : socket_(std::move(socket)), connection_(responses, counters, readBuffer) {}

  // In the session's own context.
  void start(OpenSockets& open) {
    registration_.join(open, socket_);
    readSome();
  }

 private:
  void readSome() {
    socket_.async_read_some(
        connection_.readBuffer(),
        [self = shared_from_this()](const error_code& ec, std::size_t n) { self->onRead(ec, n); });
  }

  // An error (end of stream, reset, the stop's close) ends the session: the last handler
  // lets go of it and the socket closes with it.
  void onRead(const error_code& ec, std::size_t n) {
    if (ec) return;
    const bool closeAfter = connection_.consume(n);
    if (connection_.pending().empty()) {
      readSome();
      return;
    }
    boost::asio::async_write(
        socket_, connection_.pending(),
        [self = shared_from_this(), closeAfter](const error_code& writeError, std::size_t) {
          self->onWritten(writeError, closeAfter);
        });
  }

  void onWritten(const error_code& ec, bool closeAfter) {
    connection_.pendingSent();
    if (ec || closeAfter) return;
    readSome();
  }

  tcp::socket socket_;
  RrConnection connection_;
  OpenSocket registration_;
};

class CallbackRrServer final : public RrServer {
 public:
  using RrServer::RrServer;

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
        std::make_shared<CallbackRrSession>(std::move(peer), counters(index), responses(),
                                            readBuffer())
            ->start(openSockets(index));
      });
      acceptNext();
    });
  }
};

}  // namespace

std::unique_ptr<RrServer> makeRrServer(const rb_rr_server_params& params,
                                       const PluginOptions& options) {
  return std::make_unique<CallbackRrServer>(params, options);
}

}  // namespace rbasio
