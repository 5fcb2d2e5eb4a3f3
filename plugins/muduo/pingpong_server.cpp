#include "pingpong_server.h"

#include "reactor/tcp_connection.h"

namespace rbmuduo {

PingpongServer::PingpongServer(const rb_pingpong_server_params& params,
                               const PluginOptions& options)
    : server_(
          params.listen_fd, params.stop_fd, params.threads, options, "pingpong",
          [this](const TcpConnectionPtr& conn) {
            if (conn->connected()) return;
            bytesRead_.fetch_add(conn->bytesRead(), std::memory_order_relaxed);
            bytesWritten_.fetch_add(conn->bytesWritten(), std::memory_order_relaxed);
          },
          [](const TcpConnectionPtr& conn, Buffer* buf) { conn->send(buf); }) {}

void PingpongServer::reportCounters(const rb_counter_sink& sink) const {
  server_.reportConnections(sink);
  sink.put(sink.ctx, "bytes_read", bytesRead_.load());
  sink.put(sink.ctx, "bytes_written", bytesWritten_.load());
}

}  // namespace rbmuduo
