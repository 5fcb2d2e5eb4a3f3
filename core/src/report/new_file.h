// Creating a result file the runner writes, in a directory others may share.
#pragma once

#include <filesystem>

namespace rb::report {

// Opens `path` for writing as a new file: whatever already holds the name (a file of another
// run, a symlink someone planted) makes it fail, never opened or followed (O_CREAT | O_EXCL |
// O_NOFOLLOW). `extra_flags` adds open flags such as O_APPEND. Returns the descriptor
// (close-on-exec); throws std::system_error naming the path.
int create_new_file(const std::filesystem::path& path, int extra_flags = 0);

}  // namespace rb::report
