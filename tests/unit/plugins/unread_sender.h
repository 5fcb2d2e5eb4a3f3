#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "../../support/loopback.h"

namespace rb_test {

// A client of 127.0.0.1:port that sends one unit (an HTTP request, an echo block) over and
// over and reads nothing back: a server that stops reading from it while its output waits
// fills the client's socket buffers and the sends stall; one that reads on keeps every answer.
class UnreadSender {
 public:
  UnreadSender(uint16_t port, std::string unit);

  // Sends the unit back to back until the server has taken `cap` bytes or takes nothing more
  // for a while (it has stopped reading). Returns the bytes it took; the socket is blocking
  // again afterwards, with generous timeouts.
  std::size_t SendUntilStalled(std::size_t cap);

  std::size_t sent() const { return sent_; }
  // The units begun; the last one may be cut short: rest_of_unit() completes it.
  uint64_t units_begun() const { return (sent_ + unit_.size() - 1) / unit_.size(); }
  std::string rest_of_unit() const;
  int fd() const { return fd_.get(); }

 private:
  const std::string unit_;
  rbtest::UniqueFd fd_;
  std::size_t sent_ = 0;
};

// Sends all of `bytes` on a blocking socket; throws naming `what` if the peer takes not all.
void SendAll(int fd, const std::string& bytes, const char* what);

// The resident memory this process reaches from the construction on: the kernel's peak
// (VmHWM), reset to the current size (VmRSS) by the constructor.
class PeakMemoryGrowth {
 public:
  PeakMemoryGrowth();
  // Bytes the peak has grown above the size at the construction.
  long bytes() const;
  // Whether that growth is the code's to answer for: not under AddressSanitizer, whose
  // quarantine keeps freed memory resident (256 MB by default) and whose shadow grows with
  // it (the asan preset measured 75-300 MB for servers that stay under 32-48 MB).
  static constexpr bool measures_the_code() {
#if defined(__SANITIZE_ADDRESS__)
    return false;
#else
    return true;
#endif
  }
  // bytes() < bound, or true where the growth says nothing (measures_the_code()).
  bool below(long bound) const {
    return !measures_the_code() || bytes() < bound;
  }

 private:
  long start_ = 0;
};

}  // namespace rb_test
