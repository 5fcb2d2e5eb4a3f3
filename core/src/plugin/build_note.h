// The note reactorbench_add_plugin() writes into every plugin it builds (owner "reactorbench",
// type 1: cmake/plugin_build_note.c), read from the file, not from the loaded image, so that
// reading it runs none of the plugin's code.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace rb::plugin {

// The note's text up to its NUL; nullopt when the file has no such note (or is no 64-bit
// little-endian ELF file, or its notes run past their section: the loader says what is wrong
// with such a file, this only reads).
std::optional<std::string> read_build_note(const std::filesystem::path& so_path);

}  // namespace rb::plugin
