// Whole-file writes that never leave a half-written result behind.
#pragma once

#include <filesystem>
#include <string_view>

namespace rb::report {

// Writes content to "<path>.tmp" in the same directory (whatever held that name removed,
// then created exclusively, so a planted symlink is never followed), then renames it over
// path, so a reader sees the old file or the new one, never a torn one. Throws
// std::system_error.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace rb::report
