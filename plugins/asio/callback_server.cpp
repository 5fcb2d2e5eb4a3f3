// The pingpong and rr servers in completion-handler style: one accept loop and one session
// for both workloads, templates over the workload's connection (accepting_server.h). Each
// step of a session is a lambda that keeps the session alive by holding a shared_ptr to it.
#include <memory>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "style_factories.h"

namespace rbasio {
namespace {

using boost::asio::ip::tcp;
using boost::system::error_code;

template <typename Connection>
class CallbackSession : public std::enable_shared_from_this<CallbackSession<Connection>> {
 public:
  CallbackSession(tcp::socket socket, Connection connection)
      : socket_(std::move(socket)), connection_(std::move(connection)) {}

  // In the session's own context.
  void start(OpenSockets& open) {
    registration_.join(open, socket_);
    readSome();
  }

 private:
  void readSome() {
    socket_.async_read_some(connection_.readBuffer(),
                            [self = this->shared_from_this()](const error_code& ec, std::size_t n) {
                              self->onRead(ec, n);
                            });
  }

  // An error (end of stream, reset, the stop's close) ends the session: the last handler
  // lets go of it and the socket closes with it.
  void onRead(const error_code& ec, std::size_t n) {
    if (ec) return;
    const bool closeAfter = connection_.consume(n);
    if (!connection_.hasPending()) {
      readSome();
      return;
    }
    boost::asio::async_write(socket_, connection_.pending(),
                             [self = this->shared_from_this(), closeAfter](
                                 const error_code& writeError, std::size_t written) {
                               self->onWritten(writeError, written, closeAfter);
                             });
  }

  void onWritten(const error_code& ec, std::size_t written, bool closeAfter) {
    connection_.sent(written);
    if (ec || closeAfter) return;
    readSome();
  }

  tcp::socket socket_;
  Connection connection_;
  OpenSocket registration_;
};

template <typename Workload>
class CallbackServer final : public Workload {
 public:
  using Workload::Workload;

 private:
  void startAccepting() override { acceptNext(); }

  void acceptNext() {
    const std::size_t index = this->pool().nextIndex();
    this->acceptor().async_accept(
        this->pool().executor(index), [this, index](const error_code& ec, tcp::socket peer) {
          const auto what = this->accepted(ec, peer);
          if (what == Workload::Accepted::stop) return;
          if (what == Workload::Accepted::next) {
            return this->acceptWhenReadable([this] { acceptNext(); });
          }
          // The session is made in its own context's thread, where it will be used and freed.
          boost::asio::post(this->pool().executor(index),
                            [this, index, peer = std::move(peer)]() mutable {
                              using Session = CallbackSession<decltype(this->connection(index))>;
                              std::make_shared<Session>(std::move(peer), this->connection(index))
                                  ->start(this->openSockets(index));
                            });
          acceptNext();
        });
  }
};

}  // namespace

RBASIO_STYLE_SERVERS(CallbackServer)

}  // namespace rbasio
