// A look at a file's ELF header before dlopen, so that "this is a text file" or "this is an
// object file" is reported as such instead of as dlopen's terser "invalid ELF header".
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace rb::plugin {

// Why the file is certainly not a shared object (not ELF, or an ELF executable, relocatable
// object or core dump); nullopt when it may be one, or cannot be read (dlopen then says why).
std::optional<std::string> why_not_shared_object(const std::filesystem::path& path);

}  // namespace rb::plugin
