#include "config/config_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "config/source_pos.h"

namespace rb::config {
namespace {

// Closes the descriptor on every path out, including a throw.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string read_config_file(const std::filesystem::path& file) {
  const auto cannot_read = [&](const std::string& why) {
    return ConfigError({file.string(), 0, 0}, "cannot read: " + why);
  };
  const FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
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
