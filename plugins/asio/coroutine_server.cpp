// The pingpong and rr servers in C++20 coroutine style: one accept loop and one coroutine per
// connection for both workloads, templates over the workload's connection
// (accepting_server.h), each reading as straight-line code over co_await.
#include <memory>
#include <utility>

#include <boost/asio/write.hpp>

#include "coroutine_support.h"
#include "style_factories.h"

namespace rbasio {
namespace {

using boost::asio::awaitable;
using boost::asio::ip::tcp;
using boost::system::error_code;

template <typename Workload>
class CoroutineServer final : public Workload {
 public:
  using Workload::Workload;

 private:
  void startAccepting() override {
    boost::asio::co_spawn(this->pool().context(0), acceptLoop(), &rethrowFromCoroutine);
  }

  awaitable<void> acceptLoop() {
    for (;;) {
      const std::size_t index = this->pool().nextIndex();
      error_code ec;
      tcp::socket peer =
          co_await this->acceptor().async_accept(this->pool().executor(index), awaitInto(ec));
      const auto what = this->accepted(ec, peer);
      if (what == Workload::Accepted::stop) co_return;
      if (what == Workload::Accepted::next) {
        co_await this->acceptor().async_wait(tcp::acceptor::wait_read, awaitInto(ec));
        if (ec) co_return;
        continue;
      }
      boost::asio::co_spawn(this->pool().executor(index), serveConnection(std::move(peer), index),
                            &rethrowFromCoroutine);
    }
  }

  // In context `index`. An error (end of stream, reset, the stop's close) ends the
  // coroutine; the socket closes with its frame.
  awaitable<void> serveConnection(tcp::socket socket, std::size_t index) {
    OpenSocket registration(this->openSockets(index), socket);
    auto connection = this->connection(index);
    error_code ec;
    for (;;) {
      const std::size_t n = co_await socket.async_read_some(connection.readBuffer(), awaitInto(ec));
      if (ec) co_return;
      const bool closeAfter = connection.consume(n);
      if (!connection.hasPending()) continue;
      const std::size_t written =
          co_await boost::asio::async_write(socket, connection.pending(), awaitInto(ec));
      connection.sent(written);
      if (ec || closeAfter) co_return;
    }
  }
};

}  // namespace

RBASIO_STYLE_SERVERS(CoroutineServer)

}  // namespace rbasio
