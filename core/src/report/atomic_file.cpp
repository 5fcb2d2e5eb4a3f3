#include "report/atomic_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace rb::report {

namespace {

[[noreturn]] void throw_errno(const std::string& what, const std::filesystem::path& path) {
  throw std::system_error(errno, std::generic_category(), what + " " + path.string());
}

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

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  // A fresh name created exclusively (mkostemp: O_CREAT|O_EXCL), never a fixed one someone
  // could have put a symlink at.
  std::string pattern = path.string() + ".XXXXXX";
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  const std::filesystem::path temporary = pattern;
  if (fd < 0) throw_errno("cannot create a temporary file next to", path);
  try {
    // mkostemp makes it 0600; a result file is as readable as any other the runner writes.
    if (::fchmod(fd, 0644) != 0) throw_errno("cannot chmod", temporary);
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
