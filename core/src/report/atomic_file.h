// Whole-file writes that never leave a half-written result behind.
#pragma once

#include <filesystem>
#include <string_view>

namespace rb::report {

// Writes content to "<path>.tmp" in the same directory (whatever held that name removed,
// then created exclusively, so a planted symlink is never followed), then renames it over
// path, so a reader sees the old file or the new one, never a torn one. Only an absent path or
// a regular file is replaced so: a character device, a FIFO or standard output (/dev/null,
// /dev/stdout) is written through, anything else refused (report/write_target.h). Throws
// std::system_error.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

// write(2) until all of content is written to fd, retrying on EINTR; throws std::system_error
// "cannot write <path>".
void write_all(int fd, std::string_view content, const std::filesystem::path& path);

}  // namespace rb::report
