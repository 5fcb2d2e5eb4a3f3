#include "reactor/inet_address.h"

#include <arpa/inet.h>

#include <stdexcept>

namespace rbmuduo {

InetAddress::InetAddress(std::uint16_t port, bool loopbackOnly) {
  address_.sin_family = AF_INET;
  address_.sin_addr.s_addr = htonl(loopbackOnly ? INADDR_LOOPBACK : INADDR_ANY);
  address_.sin_port = htons(port);
}

InetAddress::InetAddress(std::string_view ip, std::uint16_t port) {
  address_.sin_family = AF_INET;
  address_.sin_port = htons(port);
  const std::string text(ip);
  if (::inet_pton(AF_INET, text.c_str(), &address_.sin_addr) != 1) {
    throw std::invalid_argument("InetAddress: not a numeric IPv4 address: '" + text + "'");
  }
}

std::string InetAddress::toIp() const {
  char text[INET_ADDRSTRLEN] = {0};
  ::inet_ntop(AF_INET, &address_.sin_addr, text, sizeof text);
  return text;
}

std::string InetAddress::toIpPort() const {
  return toIp() + ":" + std::to_string(port());
}

std::uint16_t InetAddress::port() const {
  return ntohs(address_.sin_port);
}

bool operator==(const InetAddress& a, const InetAddress& b) {
  return a.address_.sin_family == b.address_.sin_family &&
         a.address_.sin_port == b.address_.sin_port &&
         a.address_.sin_addr.s_addr == b.address_.sin_addr.s_addr;
}

}  // namespace rbmuduo
