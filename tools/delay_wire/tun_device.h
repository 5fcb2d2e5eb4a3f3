// A layer-3 TUN device (IFF_TUN | IFF_NO_PI: each read or write is one IP packet) made inside a
// named network namespace, addressed as one end of a point-to-point link (its own address,
// the peer's, a /32 each, so only the peer is reachable through it), its MTU set, and up.
// The device is not persistent: it disappears when the fd closes, so a wire that dies leaves
// nothing behind in either namespace.
#pragma once

#include <string>

namespace delay_wire {

class TunDevice {
 public:
  // Throws std::runtime_error naming the namespace, the device and the step that failed
  // ("network namespace 'x': open /run/netns/x: No such file or directory"). The calling
  // thread is back in its own namespace afterwards, also on failure.
  TunDevice(const std::string& netns, const std::string& device, const std::string& address,
            const std::string& peer, int mtu);
  ~TunDevice();
  TunDevice(const TunDevice&) = delete;
  TunDevice& operator=(const TunDevice&) = delete;

  int fd() const { return fd_; }  // nonblocking

 private:
  int fd_ = -1;
};

}  // namespace delay_wire
