#include "report/write_target.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include <fmt/format.h>

namespace rb::report {
namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISFIFO(mode)) return "a FIFO";
  return "not a file";
}

bool writes_through(mode_t mode) {
  return S_ISCHR(mode) || S_ISFIFO(mode);
}

// The same file as this process's standard output: `--out /dev/stdout` (a link through
// /proc/self/fd/1) means "print it", whatever stdout is (a terminal, a pipe, a file).
bool is_standard_output(const struct stat& target) {
  struct stat out {};
  return ::fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == target.st_dev &&
         out.st_ino == target.st_ino;
}

WriteTarget refused(const std::filesystem::path& path, const std::string& what) {
  return {WriteRoute::refuse, fmt::format("{} is {}: the runner writes only a regular file of its "
                                          "own, a character device, a FIFO or standard output",
                                          path.string(), what)};
}

}  // namespace

WriteTarget classify_write_target(const std::filesystem::path& path) {
  struct stat own {};
  if (::lstat(path.c_str(), &own) != 0) {
    if (errno == ENOENT) return {WriteRoute::replace, {}};
    throw std::system_error(errno, std::generic_category(), "cannot inspect " + path.string());
  }
  if (S_ISREG(own.st_mode)) return {WriteRoute::replace, {}};
  if (writes_through(own.st_mode)) return {WriteRoute::write_through, {}};
  if (!S_ISLNK(own.st_mode)) return refused(path, kind_of(own.st_mode));
  struct stat target {};
  if (::stat(path.c_str(), &target) != 0)
    return refused(path, "a symbolic link that leads nowhere");
  if (writes_through(target.st_mode) || is_standard_output(target))
    return {WriteRoute::write_through, {}};
  return refused(path, fmt::format("a symbolic link to {}", kind_of(target.st_mode)));
}

int open_write_through(const std::filesystem::path& path) {
  // Standard output is written where it stands (its offset, its append mode), not reopened:
  // a reopened file would be written from its start, over what was printed before.
  struct stat named {};
  if (::stat(path.c_str(), &named) == 0 && is_standard_output(named)) {
    const int out = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
    if (out < 0)
      throw std::system_error(errno, std::generic_category(), "cannot write " + path.string());
    return out;
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "cannot open " + path.string());
  struct stat opened {};
  if (::fstat(fd, &opened) != 0 ||
      !(writes_through(opened.st_mode) || is_standard_output(opened))) {
    ::close(fd);
    throw std::system_error(EINVAL, std::generic_category(),
                            "refusing to write " + path.string() +
                                ": it changed to something that is not a device, a FIFO or "
                                "standard output");
  }
  return fd;
}

}  // namespace rb::report
