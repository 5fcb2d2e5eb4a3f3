#include "pingpong_server.h"

#include <stdexcept>

#include "output_high_water.h"
#include "reactor/tcp_connection.h"
#include "reactor/tcp_server.h"

namespace rbmuduo {

PingpongServer::PingpongServer(const rb_pingpong_server_params& params,
                               const PluginOptions& options)
    : loop_(options.eventsInitial),
      server_(std::make_unique<TcpServer>(&loop_, params.listen_fd, "pingpong")),
      stopChannel_(&loop_, params.stop_fd) {
  if (params.threads > 1) {
    server_->setThreadNum(static_cast<int>(params.threads));
  }
  server_->setConnectionCallback([this](const TcpConnectionPtr& conn) { onConnection(conn); });
  server_->setMessageCallback([](const TcpConnectionPtr& conn, Buffer* buf) { conn->send(buf); });
  stopChannel_.setReadCallback([this] { loop_.quit(); });
}

PingpongServer::~PingpongServer() {
  if (stopChannel_.registration() != Channel::Registration::kNew) {
    stopChannel_.disableAll();
    stopChannel_.remove();
  }
  server_.reset();
}

void PingpongServer::serve() {
  server_->start();
  stopChannel_.enableReading();
  loop_.loop();
  stopChannel_.disableAll();
  stopChannel_.remove();
  // Closes what is still open in its own loop, then joins the io threads: every connection
  // has reported its bytes once this returns.
  acceptRefused_ = server_->acceptRefused();
  server_.reset();
}

void PingpongServer::onConnection(const TcpConnectionPtr& conn) {
  if (conn->connected()) {
    conn->setTcpNoDelay(true);
    conn->setHighWaterMark(RB_OUTPUT_HIGH_WATER);
    connections_.fetch_add(1, std::memory_order_relaxed);
  } else {
    bytesRead_.fetch_add(conn->bytesRead(), std::memory_order_relaxed);
    bytesWritten_.fetch_add(conn->bytesWritten(), std::memory_order_relaxed);
  }
}

void PingpongServer::reportCounters(const rb_counter_sink& sink) const {
  sink.put(sink.ctx, "connections", connections_.load());
  sink.put(sink.ctx, "accept_refused", acceptRefused_);
  sink.put(sink.ctx, "bytes_read", bytesRead_.load());
  sink.put(sink.ctx, "bytes_written", bytesWritten_.load());
}

}  // namespace rbmuduo
