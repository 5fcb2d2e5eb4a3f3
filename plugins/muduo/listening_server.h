// The server side both workloads (pingpong, rr) share, as muduo's examples set a server up: a
// TcpServer on the host's listening socket (threads > 1 gives it that many io loops fed
// round-robin by the calling thread's acceptor, exactly as `server.setThreadNum(threads)`),
// TCP_NODELAY and the output high-water mark on every connection, the connection counts, and
// the host's stop_fd. A workload brings its message callback and what it keeps per connection.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "options.h"
#include "reactor/callbacks.h"
#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class TcpServer;

class ListeningServer {
 public:
  // Creates the base loop in the calling thread; serve and the destructor must run there.
  // onConnection runs after the shared set-up of a new connection, and when one closes
  // (conn->connected() tells which); onMessage is handed to the TcpServer as it is.
  ListeningServer(int listenFd, int stopFd, std::uint32_t threads, const PluginOptions& options,
                  const char* name, ConnectionCallback onConnection, MessageCallback onMessage);
  ~ListeningServer();
  ListeningServer(const ListeningServer&) = delete;
  ListeningServer& operator=(const ListeningServer&) = delete;

  // Until stop_fd is readable; then closes every connection (each in its own loop, so every
  // onConnection has run for its close when this returns) and joins the io threads.
  void serve();
  // "connections" and "accept_refused", the counters every server reports first.
  void reportConnections(const rb_counter_sink& sink) const;

 private:
  EventLoop loop_;
  std::unique_ptr<TcpServer> server_;
  Channel stopChannel_;
  ConnectionCallback onConnection_;
  std::atomic<std::uint64_t> connections_{0};
  std::uint64_t acceptRefused_ = 0;  // read from the acceptor when serve ends
};

}  // namespace rbmuduo
