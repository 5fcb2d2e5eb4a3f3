#include "proc/private_dir.h"

#include <stdlib.h>

#include <cerrno>
#include <system_error>

namespace rb::proc {

PrivateDir::PrivateDir(const std::string& prefix) {
  const std::filesystem::path parent = std::filesystem::temp_directory_path();
  std::string pattern = (parent / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw std::system_error(errno, std::generic_category(),
                            "cannot create a private directory in " + parent.string());
  path_ = pattern;
}

PrivateDir::~PrivateDir() {
  if (keep_) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace rb::proc
