// The server side both workloads (rr, pingpong) and both plugins share: the
// io_context-per-thread pool (io_pool.h), one acceptor on context 0 handing connections
// round-robin to every context (context 0 included), the stop, the connection count. A
// workload adds its per-connection state; a style adds only its accept loop and its session.
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

  // Called in context 0 with every accept's result: counts and tunes a new connection and
  // returns true when it is to be served; false once the acceptor is closed or broken (the
  // accept loop then ends; a failure has already wound the server down).
  bool accepted(const boost::system::error_code& ec, boost::asio::ip::tcp::socket& peer);

  IoPool& pool() { return pool_; }
  boost::asio::ip::tcp::acceptor& acceptor() { return acceptor_; }
  // The connections of context `index`, for its thread only.
  OpenSockets& openSockets(std::size_t index) { return open_[index].sockets; }
  std::uint64_t connections() const { return connections_; }

 private:
  void windDown();

  struct alignas(64) LoopSockets {
    OpenSockets sockets;
  };

  IoPool pool_;
  // After the pool: destroyed first, while the contexts still exist. OpenSockets unhooks the
  // sessions that the contexts' destruction may still destroy later.
  std::vector<LoopSockets> open_;
  boost::asio::ip::tcp::acceptor acceptor_;
  StopWatch stopWatch_;
  std::uint64_t connections_ = 0;  // context 0 only
  bool windingDown_ = false;       // context 0 only
  bool served_ = false;
  std::string failure_;
};

}  // namespace rbasio
