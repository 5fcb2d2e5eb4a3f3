// The flower workload's n connected fd pairs, created once per process and owned by the host.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace rb::workload {

class FdPairs {
 public:
  // transport: "socketpair" (AF_UNIX stream) or "pipe". Both ends non-blocking.
  // Throws std::system_error naming the call and how many pairs were made.
  FdPairs(std::size_t count, std::string_view transport);
  ~FdPairs();
  FdPairs(const FdPairs&) = delete;
  FdPairs& operator=(const FdPairs&) = delete;

  const std::vector<int>& read_fds() const { return read_fds_; }
  const std::vector<int>& write_fds() const { return write_fds_; }

 private:
  std::vector<int> read_fds_;
  std::vector<int> write_fds_;
};

}  // namespace rb::workload
