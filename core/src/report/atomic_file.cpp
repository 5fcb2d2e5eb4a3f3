#include "report/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

#include "report/new_file.h"
#include "report/write_target.h"

namespace rb::report {

namespace {

[[noreturn]] void throw_errno(const std::string& what, const std::filesystem::path& path) {
  throw std::system_error(errno, std::generic_category(), what + " " + path.string());
}

}  // namespace

void write_all(int fd, std::string_view content, const std::filesystem::path& path) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno("cannot write", path);
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
}

namespace {

void write_through(const std::filesystem::path& path, std::string_view content) {
  const int fd = open_write_through(path);
  try {
    write_all(fd, content, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  const WriteTarget target = classify_write_target(path);
  if (target.route == WriteRoute::refuse)
    throw std::system_error(EINVAL, std::generic_category(), "refusing to write: " + target.why);
  if (target.route == WriteRoute::write_through) return write_through(path, content);
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  // Whatever holds the name (a stale temporary, a symlink someone planted) goes, and the file
  // is created exclusively: a link put back in between makes the open fail, never followed.
  ::unlink(temporary.c_str());
  const int fd = create_new_file(temporary);
  try {
    write_all(fd, content, temporary);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  if (::close(fd) != 0) {
    const int saved = errno;
    ::unlink(temporary.c_str());
    errno = saved;
    throw_errno("cannot write", temporary);
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    ::unlink(temporary.c_str());
    errno = saved;
    throw_errno("cannot rename " + temporary.string() + " to", path);
  }
}

}  // namespace rb::report
