// Content hash of a plugin file, for provenance: which exact binary produced the numbers.
#pragma once

#include <filesystem>
#include <string>

namespace rb::plugin {

// Lowercase hex SHA-256 of the file's bytes. Throws std::runtime_error naming the path when
// the file cannot be read.
std::string sha256_file(const std::filesystem::path& path);

}  // namespace rb::plugin
