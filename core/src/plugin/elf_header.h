// A look at a file's ELF header before dlopen, so that "this is a text file", "this is an
// object file" or "this is built for AArch64" is reported as such instead of as dlopen's
// "invalid ELF header" or, for another architecture, a misleading "No such file or directory".
#pragma once

#include <filesystem>

namespace rb::plugin {

// Throws LoadError when the file is certainly no shared object this runner can load:
// not_shared_object (not ELF, an ELF executable, relocatable object or core dump) or
// wrong_architecture (another machine, word size or byte order than this runner's, both
// named). Returns when it may be one, or cannot be read (dlopen then says why).
void refuse_unloadable_elf(const std::filesystem::path& path);

}  // namespace rb::plugin
