#include "plugin/elf_header.h"

#include <elf.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>

namespace rb::plugin {

namespace {

// e_type sits at the same offset in 32- and 64-bit headers, in the file's byte order.
std::uint16_t read_elf_type(const std::array<unsigned char, EI_NIDENT + 2>& header) {
  const unsigned char low = header[EI_NIDENT];
  const unsigned char high = header[EI_NIDENT + 1];
  if (header[EI_DATA] == ELFDATA2MSB) return static_cast<std::uint16_t>((low << 8) | high);
  return static_cast<std::uint16_t>((high << 8) | low);
}

}  // namespace

std::optional<std::string> why_not_shared_object(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::array<unsigned char, EI_NIDENT + 2> header{};
  in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size()));
  const auto got = static_cast<std::size_t>(in.gcount());
  if (in.bad()) return std::nullopt;

  if (got < SELFMAG || std::memcmp(header.data(), ELFMAG, SELFMAG) != 0) {
    if (got == 0) return "not a shared object (the file is empty)";
    return "not a shared object (no ELF header; is it a text file or a linker script?)";
  }
  if (got < header.size()) return "not a shared object (truncated ELF header)";

  switch (read_elf_type(header)) {
    case ET_DYN:
      return std::nullopt;
    case ET_EXEC:
      return "not a shared object (it is an ELF executable)";
    case ET_REL:
      return "not a shared object (it is an ELF relocatable object, a .o file)";
    case ET_CORE:
      return "not a shared object (it is a core dump)";
    default:
      return "not a shared object (unknown ELF file type)";
  }
}

}  // namespace rb::plugin
