// The pingpong client in C++20 coroutine style: one coroutine per session, the whole
// exchange as one loop over co_await.
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

// Connects, sends the first block, then echoes until shut down; returns how it ended. The
// socket closes with the frame.
awaitable<SessionEnd> exchange(PingpongClient& client, std::size_t loopIndex, std::uint32_t index) {
  tcp::socket socket(client.pool().executor(loopIndex));
  error_code ec;
  socket.open(client.server().protocol(), ec);
  if (ec) co_return SessionEnd::kConnectFailed;
  OpenSocket registration(client.loop(loopIndex).open, socket);
  ClientStream stream = client.makeStream(loopIndex, index);

  co_await socket.async_connect(client.server(), awaitInto(ec));
  if (ec) co_return SessionEnd::kConnectFailed;
  error_code ignored;  // a connection reset before this is seen by its first write
  socket.set_option(tcp::no_delay(true), ignored);

  co_await boost::asio::async_write(socket, client.firstBlock(), awaitInto(ec));
  for (;;) {
    if (ec || !stream.shutIfDue(socket)) co_return SessionEnd::kReset;
    const std::size_t n = co_await socket.async_read_some(stream.forRead(), awaitInto(ec));
    if (ec) co_return stream.endAfter(ec);
    const boost::asio::const_buffer echo = stream.received(n);
    if (!stream.shutIfDue(socket)) co_return SessionEnd::kReset;
    if (stream.shut()) continue;
    co_await boost::asio::async_write(socket, echo, awaitInto(ec));
  }
}

awaitable<void> session(PingpongClient& client, std::size_t loopIndex, std::uint32_t index) {
  client.sessionEnded(loopIndex, co_await exchange(client, loopIndex, index));
}

class CoroutinePingpongClient final : public PingpongClient {
 public:
  using PingpongClient::PingpongClient;

 private:
  void launchSession(std::size_t loopIndex, std::uint32_t index) override {
    boost::asio::co_spawn(pool().executor(loopIndex), session(*this, loopIndex, index),
                          &rethrowFromCoroutine);
  }
};

}  // namespace

std::unique_ptr<PingpongClient> makePingpongClient(const rb_pingpong_client_params& params,
                                                   const PluginOptions& options) {
  return std::make_unique<CoroutinePingpongClient>(params, options);
}

}  // namespace rbasio
