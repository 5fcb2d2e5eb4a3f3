#include "listening_server.h"

#include <utility>

#include "output_high_water.h"
#include "reactor/tcp_connection.h"
#include "reactor/tcp_server.h"

namespace rbmuduo {

ListeningServer::ListeningServer(int listenFd, int stopFd, std::uint32_t threads,
                                 const PluginOptions& options, const char* name,
                                 ConnectionCallback onConnection, MessageCallback onMessage)
    : loop_(options.eventsInitial),
      server_(std::make_unique<TcpServer>(&loop_, listenFd, name)),
      stopChannel_(&loop_, stopFd),
      onConnection_(std::move(onConnection)) {
  if (threads > 1) {
    server_->setThreadNum(static_cast<int>(threads));
  }
  server_->setConnectionCallback([this](const TcpConnectionPtr& conn) {
    if (conn->connected()) {
      conn->setTcpNoDelay(true);
      conn->setHighWaterMark(RB_OUTPUT_HIGH_WATER);
      connections_.fetch_add(1, std::memory_order_relaxed);
    }
    onConnection_(conn);
  });
  server_->setMessageCallback(std::move(onMessage));
  stopChannel_.setReadCallback([this] { loop_.quit(); });
}

ListeningServer::~ListeningServer() {
  if (stopChannel_.registration() != Channel::Registration::kNew) {
    stopChannel_.disableAll();
    stopChannel_.remove();
  }
  server_.reset();
}

void ListeningServer::serve() {
  server_->start();
  stopChannel_.enableReading();
  loop_.loop();
  stopChannel_.disableAll();
  stopChannel_.remove();
  // Closes what is still open in its own loop, then joins the io threads: every connection
  // has reported its counts once this returns.
  acceptRefused_ = server_->acceptRefused();
  server_.reset();
}

void ListeningServer::reportConnections(const rb_counter_sink& sink) const {
  sink.put(sink.ctx, "connections", connections_.load());
  sink.put(sink.ctx, "accept_refused", acceptRefused_);
}

}  // namespace rbmuduo
