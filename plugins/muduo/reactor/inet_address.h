// InetAddress: an IPv4 socket address (sockaddr_in) as a value type.
#pragma once

#include <netinet/in.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace rbmuduo {

class InetAddress {
 public:
  // 0.0.0.0:port, or 127.0.0.1:port when loopbackOnly.
  explicit InetAddress(std::uint16_t port = 0, bool loopbackOnly = false);
  // A numeric dotted-quad address; throws std::invalid_argument for anything else.
  InetAddress(std::string_view ip, std::uint16_t port);
  explicit InetAddress(const sockaddr_in& address) : address_(address) {}

  std::string toIp() const;
  std::string toIpPort() const;  // "127.0.0.1:8080"
  std::uint16_t port() const;

  const sockaddr* sockAddr() const { return reinterpret_cast<const sockaddr*>(&address_); }
  const sockaddr_in& sockAddrIn() const { return address_; }

  friend bool operator==(const InetAddress& a, const InetAddress& b);

 private:
  sockaddr_in address_{};
};

}  // namespace rbmuduo
