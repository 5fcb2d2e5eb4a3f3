#include "loadgen/load_generator.h"

#include <time.h>

#include <fmt/format.h>
#include <exception>
#include <latch>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "loadgen/load_thread.h"
#include "proc/monotonic_clock.h"

namespace rb::loadgen {
namespace {

// Between the last connection being up and the first request: every thread is past the
// latch and waiting in epoll when the window opens.
constexpr std::uint64_t kStartDelayNs = 20'000'000;

}  // namespace

std::string rr_request(const std::string& host, int port, bool keep_alive) {
  return fmt::format("GET / HTTP/1.1\r\nHost: {}:{}\r\n{}\r\n", host, port,
                     keep_alive ? "" : "Connection: close\r\n");
}

LoadResult generate_load(const LoadSpec& spec) {
  if (spec.connections == 0 || spec.threads == 0)
    throw std::invalid_argument("the load generator needs at least one connection and thread");
  const std::uint32_t threads = std::min(spec.threads, spec.connections);
  const std::string request = rr_request(spec.host, spec.port, spec.keep_alive);

  std::vector<std::unique_ptr<LoadThread>> workers;
  for (std::uint32_t t = 0; t < threads; ++t) {
    std::vector<std::uint32_t> indexes;
    for (std::uint32_t i = t; i < spec.connections; i += threads) indexes.push_back(i);
    workers.push_back(std::make_unique<LoadThread>(spec, std::move(indexes), request));
  }

  std::latch connected(threads);
  std::latch go(1);
  std::uint64_t t0 = 0;  // written before `go` opens, read after: the latch orders it
  std::vector<std::exception_ptr> errors(threads);
  std::vector<std::thread> running;
  for (std::uint32_t t = 0; t < threads; ++t)
    running.emplace_back([&, t] {
      try {
        workers[t]->connect_all();
      } catch (...) {
        errors[t] = std::current_exception();
      }
      connected.count_down();
      go.wait();
      if (errors[t]) return;
      try {
        workers[t]->run(t0);
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  connected.wait();
  t0 = proc::monotonic_ns() + kStartDelayNs;
  go.count_down();
  for (auto& thread : running) thread.join();

  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
  LoadResult total;
  for (const auto& worker : workers) {
    if (worker->abandoned()) throw std::runtime_error("the load generator was stopped by the host");
    total.merge(worker->result());
  }
  total.seconds = workers.front()->result().seconds;
  return total;
}

}  // namespace rb::loadgen
