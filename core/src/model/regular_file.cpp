#include "model/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "text/printable.h"

namespace rb::model {
namespace {

// The descriptor of one read, closed however the read ends.
class ReadFd {
 public:
  explicit ReadFd(int fd) : fd_(fd) {}
  ReadFd(const ReadFd&) = delete;
  ReadFd& operator=(const ReadFd&) = delete;
  ~ReadFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

FileReadError read_refused(const std::filesystem::path& path, const std::string& why) {
  return FileReadError(fmt::format("{}: {}", text::printable(path.string()), why));
}

// ELOOP from O_NOFOLLOW: say where the link points, so "a link to /dev/zero" is plain.
FileReadError link_refused(const std::filesystem::path& path, const FileBound& bound) {
  std::error_code ec;
  const auto target = std::filesystem::read_symlink(path, ec);
  const std::string to = ec ? "" : " (to " + text::printable(target.string()) + ")";
  return read_refused(path, fmt::format("a symbolic link{}; a {} is read only as a regular file, "
                                        "never through a link",
                                        to, bound.what));
}

// "268435456 bytes (256 MiB)", or "10 bytes" for a bound under a MiB.
std::string bound_text(const FileBound& bound) {
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  if (bound.max_bytes < kMiB || bound.max_bytes % kMiB != 0)
    return fmt::format("{} bytes", bound.max_bytes);
  return fmt::format("{} bytes ({} MiB)", bound.max_bytes, bound.max_bytes / kMiB);
}

FileReadError larger_than_bound(const std::filesystem::path& path, const FileBound& bound,
                                std::uint64_t size) {
  return read_refused(path, fmt::format("{} bytes, more than the {} a {} may have", size,
                                        bound_text(bound), bound.what));
}

std::string read_bounded(const ReadFd& fd, const std::filesystem::path& path,
                         const FileBound& bound, std::uint64_t size) {
  std::string text;
  text.reserve(size);
  std::array<char, 65536> buf{};
  for (;;) {
    const ssize_t got = ::read(fd.get(), buf.data(), buf.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw read_refused(path, fmt::format("cannot read: {}", std::strerror(errno)));
    if (got == 0) return text;
    text.append(buf.data(), static_cast<std::size_t>(got));
    if (text.size() > bound.max_bytes)
      throw read_refused(path, fmt::format("grew past the {} a {} may have while it was read",
                                           bound_text(bound), bound.what));
  }
}

std::optional<std::string> read_checked(const std::filesystem::path& path, const FileBound& bound,
                                        bool absent_is_nothing) {
  const ReadFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
  if (fd.get() < 0) {
    const int error = errno;
    if (error == ENOENT && absent_is_nothing) return std::nullopt;
    if (error == ELOOP) throw link_refused(path, bound);
    throw read_refused(path, fmt::format("cannot open: {}", std::strerror(error)));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0)
    throw read_refused(path, fmt::format("cannot stat: {}", std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    throw read_refused(path, fmt::format("{}, not a regular file; a {} must be a regular file",
                                         file_kind(st.st_mode), bound.what));
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > bound.max_bytes) throw larger_than_bound(path, bound, size);
  return read_bounded(fd, path, bound, size);
}

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, FileBound bound) {
  return *read_checked(path, bound, false);
}

std::optional<std::string> read_regular_file_if_present(const std::filesystem::path& path,
                                                        FileBound bound) {
  return read_checked(path, bound, true);
}

}  // namespace rb::model
