// The host's HTTP client for the rr checks: one blocking connection that sends raw bytes and
// reads responses with the load generator's reader, every wait bounded.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "loadgen/http_response_reader.h"

namespace rb::workload::rr {

class HttpPeer {
 public:
  // Throws workload::CellFailure when it cannot connect.
  HttpPeer(int port, std::uint64_t body_size, std::chrono::milliseconds wait);
  ~HttpPeer();
  HttpPeer(const HttpPeer&) = delete;
  HttpPeer& operator=(const HttpPeer&) = delete;

  void send(const std::string& bytes);
  // Reads until `count` complete responses arrived; throws CellFailure on a timeout, an
  // early close or a malformed response, naming `what`.
  std::vector<loadgen::HttpResponseReader::Response> responses(std::size_t count,
                                                               const std::string& what);
  // True once the server has closed the connection (reads end of file within the wait);
  // throws CellFailure if more bytes arrive instead.
  void expect_closed(const std::string& what);

 private:
  int fd_ = -1;
  loadgen::HttpResponseReader reader_;
  std::string leftover_;
};

}  // namespace rb::workload::rr
