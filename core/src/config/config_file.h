// Reading a config file whole, with the error the loader promises when it cannot.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace rb::config {

// Configs are small; anything past this is not one (and /dev/zero must not hang the runner).
inline constexpr std::size_t max_config_bytes = std::size_t{16} << 20;

// The file's bytes, or ConfigError "<file>: cannot read: <strerror>".
std::string read_config_file(const std::filesystem::path& file);

}  // namespace rb::config
