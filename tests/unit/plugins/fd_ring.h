#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace rb_test {

enum class Transport { kSocketpair, kPipe };

std::string TransportName(Transport transport);

// Lets GoogleTest print a Transport by name instead of its bytes.
inline void PrintTo(Transport transport, std::ostream* out) {
  *out << TransportName(transport);
}

// The host's side of the flower workload: `pipes` non-blocking fd pairs, closed on
// destruction. Throws std::system_error if the fds cannot be made.
class FdRing {
 public:
  FdRing(uint32_t pipes, Transport transport);
  ~FdRing();
  FdRing(const FdRing&) = delete;
  FdRing& operator=(const FdRing&) = delete;

  const std::vector<int>& read_fds() const { return read_fds_; }
  const std::vector<int>& write_fds() const { return write_fds_; }

  // Reads whatever is still queued in the ring and returns how many bytes that was.
  uint64_t DrainLeftovers() const;

 private:
  void CloseAll();

  std::vector<int> read_fds_;
  std::vector<int> write_fds_;
};

}  // namespace rb_test
