#include "report/new_file.h"

#include <fcntl.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace rb::report {

int create_new_file(const std::filesystem::path& path, int extra_flags) {
  const int fd = ::open(path.c_str(),
                        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | extra_flags, 0644);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "cannot create " + path.string());
  return fd;
}

}  // namespace rb::report
