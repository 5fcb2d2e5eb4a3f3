#include "config/config_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "config/source_pos.h"
#include "proc/spawn.h"

namespace rb::config {

std::string read_config_file(const std::filesystem::path& file) {
  const auto cannot_read = [&](const std::string& why) {
    return ConfigError({file.string(), 0, 0}, "cannot read: " + why);
  };
  const proc::OwnedFd fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw cannot_read(std::strerror(errno));

  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t got = ::read(fd.get(), buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw cannot_read(std::strerror(errno));
    if (got == 0) return text;
    text.append(buf, static_cast<std::size_t>(got));
    if (text.size() > max_config_bytes)
      throw cannot_read("larger than " + std::to_string(max_config_bytes >> 20) + " MiB");
  }
}

}  // namespace rb::config
