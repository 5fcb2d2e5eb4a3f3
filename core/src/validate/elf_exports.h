// The symbols a shared object exports: the defined GLOBAL and WEAK entries of its dynamic
// symbol table (what `nm -D --defined-only` lists), read straight from the ELF file so the
// check needs neither binutils nor loading the plugin.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace rb::validate {

// Throws std::runtime_error naming the file and what is wrong with it (not a 64-bit
// little-endian ELF file, truncated, no dynamic symbol table).
std::vector<std::string> exported_symbols(const std::filesystem::path& so_path);

}  // namespace rb::validate
