// The pingpong echo server in C++20 coroutine style (the shape of rr's, coroutine_rr.cpp).
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

// The client's end of stream (or a reset, or the stop's close) ends the coroutine; the
// socket closes with its frame.
awaitable<void> echo(tcp::socket socket, OpenSockets& open, EchoCounters& counters,
                     std::size_t readBuffer) {
  OpenSocket registration(open, socket);
  EchoBuffer buffer(counters, readBuffer);
  error_code ec;
  for (;;) {
    const std::size_t n = co_await socket.async_read_some(buffer.forRead(), awaitInto(ec));
    if (ec) co_return;
    const std::size_t written =
        co_await boost::asio::async_write(socket, buffer.received(n), awaitInto(ec));
    buffer.sent(written);
    if (ec) co_return;
  }
}

class CoroutinePingpongServer final : public PingpongServer {
 public:
  using PingpongServer::PingpongServer;

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
      boost::asio::co_spawn(
          pool().executor(index),
          echo(std::move(peer), openSockets(index), counters(index), readBuffer()),
          &rethrowFromCoroutine);
    }
  }
};

}  // namespace

std::unique_ptr<PingpongServer> makePingpongServer(const rb_pingpong_server_params& params,
                                                   const PluginOptions& options) {
  return std::make_unique<CoroutinePingpongServer>(params, options);
}

}  // namespace rbasio
