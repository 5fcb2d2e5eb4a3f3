// The rr server in C++20 coroutine style: one coroutine per connection and one accept loop,
// each reading as straight-line code over co_await.
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

// An error (end of stream, reset, the stop's close) ends the coroutine; the socket closes
// with its frame.
awaitable<void> serveConnection(tcp::socket socket, OpenSockets& open, RrCounters& counters,
                                const HttpResponses& responses, std::size_t readBuffer) {
  OpenSocket registration(open, socket);
  RrConnection connection(responses, counters, readBuffer);
  error_code ec;
  for (;;) {
    const std::size_t n = co_await socket.async_read_some(connection.readBuffer(), awaitInto(ec));
    if (ec) co_return;
    const bool closeAfter = connection.consume(n);
    if (connection.pending().empty()) continue;
    co_await boost::asio::async_write(socket, connection.pending(), awaitInto(ec));
    connection.pendingSent();
    if (ec || closeAfter) co_return;
  }
}

class CoroutineRrServer final : public RrServer {
 public:
  using RrServer::RrServer;

 private:
  void startAccepting() override {
    boost::asio::co_spawn(pool().context(0), acceptLoop(), &rethrowFromCoroutine);
  }

  awaitable<void> acceptLoop() {
    for (;;) {
      const std::size_t index = pool().nextIndex();
      error_code ec;
      tcp::socket peer = co_await acceptor().async_accept(pool().executor(index), awaitInto(ec));
      const Accepted what = accepted(ec, peer);
      if (what == Accepted::stop) co_return;
      if (what == Accepted::next) {
        co_await acceptor().async_wait(tcp::acceptor::wait_read, awaitInto(ec));
        if (ec) co_return;
        continue;
      }
      boost::asio::co_spawn(pool().executor(index),
                            serveConnection(std::move(peer), openSockets(index), counters(index),
                                            responses(), readBuffer()),
                            &rethrowFromCoroutine);
    }
  }
};

}  // namespace

std::unique_ptr<RrServer> makeRrServer(const rb_rr_server_params& params,
                                       const PluginOptions& options) {
  return std::make_unique<CoroutineRrServer>(params, options);
}

}  // namespace rbasio
