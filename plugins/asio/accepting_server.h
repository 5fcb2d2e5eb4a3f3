// The server side both workloads (rr, pingpong) and both plugins share: the
// io_context-per-thread pool (io_pool.h), one acceptor on context 0 handing connections
// round-robin to every context (context 0 included), the stop, the connection count. A
// workload (PingpongServer, RrServer) adds its per-connection state, a style (callback_server,
// coroutine_server) one accept loop and one session for every workload, both templates over
// the workload's connection:
//   Connection connection(index)   the state of a new connection served in context `index`
//   readBuffer()                   where the next read goes
//   bool consume(n)                takes the n bytes read, queues the answer; true: close
//                                  once it is written
//   hasPending(), pending()        the answer to write (none: read on)
//   sent(written)                  after the write, even a failed one
//
// One acceptor rather than one per context on dup'ed fds: every context's epoll would then
// watch the same listening socket, each connection would wake them all, and which context
// got it would be up to the kernel; one acceptor deals connections out evenly, as the
// libevent2 and muduo servers do, so a thread count means the same in every plugin.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/asio/ip/tcp.hpp>

#include "io_pool.h"
#include "open_sockets.h"
#include "per_context.h"
#include "reactorbench/plugin.h"
#include "server_acceptor.h"
#include "stop_watch.h"

namespace rbasio {

class AcceptingServer {
 public:
  // Takes a dup of listenFd and of stopFd. Throws std::invalid_argument, std::system_error.
  AcceptingServer(int listenFd, int stopFd, std::uint32_t threads);
  virtual ~AcceptingServer();
  AcceptingServer(const AcceptingServer&) = delete;
  AcceptingServer& operator=(const AcceptingServer&) = delete;

  // Serves until stop_fd is readable, then closes the acceptor and every connection and
  // returns once every thread has joined. Throws std::runtime_error if accepting failed.
  void serve();

 protected:
  // Starts the accept loop in context 0 (called before the contexts run). Each accept goes
  // to pool().executor(pool().nextIndex()) and its result through accepted().
  virtual void startAccepting() = 0;

  // Called in context 0 with every accept's result: counts and tunes a new connection to be
  // served; `next` when accept failed for want of descriptors (a pending connection was
  // refused): wait until the socket is readable again, then accept the next;
  // `stop` once the acceptor is closed or broken (the accept loop then ends; a failure has
  // already wound the server down).
  enum class Accepted { serve, next, stop };
  Accepted accepted(const boost::system::error_code& ec, boost::asio::ip::tcp::socket& peer);

  // After Accepted::next, for a callback accept loop: `acceptNext` once the listening socket
  // is readable again (never after the stop has closed it).
  template <typename AcceptNext>
  void acceptWhenReadable(AcceptNext acceptNext) {
    acceptor_.async_wait(boost::asio::ip::tcp::acceptor::wait_read,
                         [acceptNext](const boost::system::error_code& ec) {
                           if (!ec) acceptNext();
                         });
  }

  IoPool& pool() { return pool_; }
  boost::asio::ip::tcp::acceptor& acceptor() { return acceptor_; }
  // The connections of context `index`, for its thread only.
  OpenSockets& openSockets(std::size_t index) { return open_[index]; }
  // "connections" and "accept_refused", the counters every server reports first.
  void reportConnections(const rb_counter_sink& sink) const;

 private:
  void windDown();

  IoPool pool_;
  // After the pool: destroyed first, while the contexts still exist. OpenSockets unhooks the
  // sessions that the contexts' destruction may still destroy later.
  PerContext<OpenSockets> open_;
  boost::asio::ip::tcp::acceptor acceptor_;
  StopWatch stopWatch_;
  server_acceptor refusals_{};     // context 0 only
  std::uint64_t connections_ = 0;  // context 0 only
  bool windingDown_ = false;       // context 0 only
  bool served_ = false;
  std::string failure_;
};

}  // namespace rbasio
