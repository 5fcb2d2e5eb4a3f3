// One load generator thread: its share of the connections on one epoll instance, its own
// schedule and histogram. Nothing is shared with the other threads while it runs.
#pragma once

#include <cstdint>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "loadgen/http_response_reader.h"
#include "loadgen/load_spec.h"

namespace rb::loadgen {

class LoadThread {
 public:
  // `indexes`: the global numbers of this thread's connections (they set the open-loop phase).
  LoadThread(const LoadSpec& spec, const std::vector<std::uint32_t>& indexes, std::string request);
  ~LoadThread();
  LoadThread(const LoadThread&) = delete;
  LoadThread& operator=(const LoadThread&) = delete;

  // Opens every connection; returns once each is connected or has failed.
  void connect_all();
  // Sends for [t0, t0 + duration), then waits for the responses still due.
  void run(std::uint64_t t0_ns);
  // Set when the host asked to stop: the result is then incomplete.
  bool abandoned() const { return abandoned_; }
  const LoadResult& result() const { return result_; }

 private:
  // closing: answered with Connection: close, waiting for the server's end of file (so the
  // server, not the generator, holds TIME_WAIT, as with ab).
  enum class State { closed, connecting, ready, writing, awaiting, closing };
  struct Connection {
    int fd = -1;
    std::uint32_t index = 0;
    State state = State::closed;
    std::uint64_t due_ns = 0;   // when its next request is meant to go
    std::uint64_t sent_ns = 0;  // when the one in flight went
    std::uint64_t intended_ns = 0;
    std::uint64_t opened_ns = 0;  // when its current socket was opened
    std::size_t written = 0;
    HttpResponseReader reader;
    explicit Connection(std::uint64_t body_size) : reader(body_size) {}
  };
  using Due = std::pair<std::uint64_t, std::size_t>;  // (due_ns, connection)

  void open(std::size_t c);
  void close(std::size_t c);
  void reconnect(std::size_t c);
  void on_event(std::size_t c, std::uint32_t events);
  void on_connected(std::size_t c);
  void on_readable(std::size_t c);
  void on_response(std::size_t c, const HttpResponseReader::Response& response);
  void arm(std::size_t c);  // a ready connection: send now, later, or never
  void send(std::size_t c);
  void flush(std::size_t c);
  void send_due();
  void expire_timeouts();
  void fail(std::size_t c, std::uint64_t& counter, const std::string& why);
  bool in_flight() const;
  int wait(std::uint64_t until_ns);
  void watch(std::size_t c, std::uint32_t events, int op);

  const LoadSpec& spec_;
  std::string request_;
  std::vector<Connection> connections_;
  int epoll_fd_ = -1;
  std::vector<char> buffer_;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> schedule_;
  std::uint64_t interval_ns_ = 0;  // open loop: between one connection's requests
  std::uint64_t window_start_ns_ = 0;
  std::uint64_t window_end_ns_ = 0;
  bool window_open_ = false;  // run() has started: connections may send
  bool running_ = false;      // inside the window
  bool abandoned_ = false;
  LoadResult result_;
};

}  // namespace rb::loadgen
