#include "plugin/build_note.h"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string_view>

namespace rb::plugin {
namespace {

constexpr std::string_view kOwner{"reactorbench\0", 13};
constexpr std::uint32_t kBuildNoteType = 1;
// A plugin is small; a file past this is not read for its note.
constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{512} << 20;

std::uint64_t padded(std::uint64_t size) {
  return (size + 3) & ~std::uint64_t{3};
}

// A copy of the T at offset, or nullopt when it does not lie inside bytes.
template <typename T>
std::optional<T> read_at(std::string_view bytes, std::uint64_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return std::nullopt;
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

// The build note among the notes of one SHT_NOTE section's bytes.
std::optional<std::string> find_in_notes(std::string_view notes) {
  std::uint64_t at = 0;
  while (const auto header = read_at<Elf64_Nhdr>(notes, at)) {
    const std::uint64_t name_at = at + sizeof(Elf64_Nhdr);
    const std::uint64_t text_at = name_at + padded(header->n_namesz);
    const std::uint64_t next = text_at + padded(header->n_descsz);
    if (next > notes.size()) return std::nullopt;
    if (header->n_type == kBuildNoteType && notes.substr(name_at, header->n_namesz) == kOwner) {
      const std::string_view text = notes.substr(text_at, header->n_descsz);
      return std::string(text.substr(0, text.find('\0')));
    }
    at = next;
  }
  return std::nullopt;
}

std::optional<std::string> find_in_sections(std::string_view bytes) {
  const auto header = read_at<Elf64_Ehdr>(bytes, 0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_ident[EI_DATA] != ELFDATA2LSB ||
      header->e_shentsize != sizeof(Elf64_Shdr))
    return std::nullopt;
  for (std::uint64_t i = 0; i < header->e_shnum; ++i) {
    const auto section = read_at<Elf64_Shdr>(bytes, header->e_shoff + i * sizeof(Elf64_Shdr));
    if (!section) return std::nullopt;
    if (section->sh_type != SHT_NOTE || section->sh_offset > bytes.size() ||
        section->sh_size > bytes.size() - section->sh_offset)
      continue;
    if (auto text = find_in_notes(bytes.substr(section->sh_offset, section->sh_size))) return text;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> read_build_note(const std::filesystem::path& so_path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(so_path, error);
  if (error || size > kMaxFileBytes) return std::nullopt;
  std::ifstream in(so_path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return find_in_sections(bytes);
}

}  // namespace rb::plugin
