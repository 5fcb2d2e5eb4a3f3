#include "tun_device.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace delay_wire {
namespace {

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

[[noreturn]] void fail(const std::string& where, const std::string& step) {
  throw std::runtime_error(fmt::format("{}: {}: {}", where, step, std::strerror(errno)));
}

// The calling thread in another network namespace for a scope: sockets and devices made
// meanwhile belong to that namespace for good, whichever namespace the thread is in later.
class InNetns {
 public:
  InNetns(const std::string& netns, const std::string& where)
      : own_(::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)) {
    if (own_.get() < 0) fail(where, "open /proc/thread-self/ns/net");
    const std::string path = "/run/netns/" + netns;
    const Fd target(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (target.get() < 0) fail(where, "open " + path);
    if (::setns(target.get(), CLONE_NEWNET) != 0) fail(where, "setns " + path);
  }
  ~InNetns() { ::setns(own_.get(), CLONE_NEWNET); }
  InNetns(const InNetns&) = delete;
  InNetns& operator=(const InNetns&) = delete;

 private:
  Fd own_;
};

ifreq request_for(const std::string& device) {
  ifreq request{};
  std::strncpy(request.ifr_name, device.c_str(), IFNAMSIZ - 1);
  return request;
}

void set_ipv4(int sock, unsigned long op, const char* op_name, const std::string& device,
              const std::string& address, const std::string& where) {
  ifreq request = request_for(device);
  sockaddr_in in{};
  in.sin_family = AF_INET;
  ::inet_pton(AF_INET, address.c_str(), &in.sin_addr);  // checked by parse_wire_options
  std::memcpy(&request.ifr_addr, &in, sizeof in);
  if (::ioctl(sock, op, &request) != 0) fail(where, fmt::format("{} {}", op_name, address));
}

}  // namespace

TunDevice::TunDevice(const std::string& netns, const std::string& device,
                     const std::string& address, const std::string& peer, int mtu) {
  const std::string where = fmt::format("network namespace '{}', device {}", netns, device);
  const InNetns inside(netns, where);
  Fd tun(::open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC));
  if (tun.get() < 0) fail(where, "open /dev/net/tun");
  ifreq request = request_for(device);
  request.ifr_flags = IFF_TUN | IFF_NO_PI;
  if (::ioctl(tun.get(), TUNSETIFF, &request) != 0) fail(where, "TUNSETIFF (make the device)");

  const Fd sock(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
  if (sock.get() < 0) fail(where, "socket");
  request = request_for(device);
  request.ifr_mtu = mtu;
  if (::ioctl(sock.get(), SIOCSIFMTU, &request) != 0)
    fail(where, fmt::format("SIOCSIFMTU {}", mtu));
  set_ipv4(sock.get(), SIOCSIFADDR, "SIOCSIFADDR", device, address, where);
  set_ipv4(sock.get(), SIOCSIFDSTADDR, "SIOCSIFDSTADDR (peer)", device, peer, where);
  request = request_for(device);
  if (::ioctl(sock.get(), SIOCGIFFLAGS, &request) != 0) fail(where, "SIOCGIFFLAGS");
  request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP | IFF_RUNNING);
  if (::ioctl(sock.get(), SIOCSIFFLAGS, &request) != 0) fail(where, "SIOCSIFFLAGS (up)");
  fd_ = tun.release();
}

TunDevice::~TunDevice() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace delay_wire
