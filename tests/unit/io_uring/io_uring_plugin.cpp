#include "io_uring_plugin.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>

#include "built_plugins.h"

namespace rb_test {

const rb_plugin* IoUringPlugin() {
  const std::string path = PluginPath("io_uring");
  if (!std::filesystem::exists(path)) return nullptr;
  return &LoadPlugin(path);
}

std::string IoUringUnavailable() {
  const rb_plugin* plugin = IoUringPlugin();
  if (plugin == nullptr)
    return "io-uring plugin not built (liburing was not found at configure time)";
  FlowerDriver driver(*plugin, {1, 1, 0, Transport::kPipe});
  const CallResult prepared = driver.Prepare();
  if (prepared.code == RB_ERR_UNSUPPORTED) return "io_uring unavailable: " + prepared.message;
  return "";
}

int ConnectToLoopback(uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
    return fd;
  if (fd >= 0) ::close(fd);
  return -1;
}

bool EchoBack(int fd, const std::string& block, uint64_t times) {
  for (uint64_t i = 0; i < times; ++i) {
    if (::send(fd, block.data(), block.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(block.size()))
      return false;
    std::string back;
    char chunk[65536];
    while (back.size() < block.size()) {
      const ssize_t got = ::recv(fd, chunk, sizeof chunk, 0);
      if (got <= 0) return false;
      back.append(chunk, static_cast<std::size_t>(got));
    }
    if (back != block) return false;
  }
  return true;
}

std::string Pattern(std::size_t size, int seed) {
  std::string block(size, '\0');
  for (std::size_t i = 0; i < size; ++i) block[i] = static_cast<char>(i * 31 + i / 251 + seed);
  return block;
}

}  // namespace rb_test
