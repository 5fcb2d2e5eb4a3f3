#include "validate/elf_exports.h"

#include <elf.h>

#include <fmt/format.h>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string_view>

namespace rb::validate {
namespace {

// Plugins are small; a file past this is not one worth reading whole.
constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{512} << 20;

class ElfImage {
 public:
  ElfImage(const std::filesystem::path& path, std::string bytes)
      : path_(path), bytes_(std::move(bytes)) {}

  // A copy of the T at offset, after checking it lies inside the file.
  template <typename T>
  T read(std::uint64_t offset, const char* what) const {
    if (offset > bytes_.size() || bytes_.size() - offset < sizeof(T)) fail(what);
    T value;
    std::memcpy(&value, bytes_.data() + offset, sizeof(T));
    return value;
  }

  // The NUL-terminated string at offset inside the section [start, start + size).
  std::string string_at(std::uint64_t start, std::uint64_t size, std::uint32_t offset) const {
    if (start > bytes_.size() || size > bytes_.size() - start || offset >= size)
      fail("a symbol name outside its string table");
    const std::string_view table(bytes_.data() + start, size);
    const auto end = table.find('\0', offset);
    if (end == std::string_view::npos) fail("an unterminated symbol name");
    return std::string(table.substr(offset, end - offset));
  }

  [[noreturn]] void fail(const char* what) const {
    throw std::runtime_error(fmt::format("{}: cannot read its symbols: {}", path_.string(), what));
  }

  std::size_t size() const { return bytes_.size(); }

 private:
  std::filesystem::path path_;
  std::string bytes_;
};

ElfImage read_image(const std::filesystem::path& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error) throw std::runtime_error(fmt::format("{}: {}", path.string(), error.message()));
  if (size > kMaxFileBytes)
    throw std::runtime_error(
        fmt::format("{}: larger than {} MiB", path.string(), kMaxFileBytes >> 20));
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) throw std::runtime_error(fmt::format("{}: cannot read", path.string()));
  return ElfImage(path, std::move(bytes));
}

}  // namespace

std::vector<std::string> exported_symbols(const std::filesystem::path& so_path) {
  const ElfImage image = read_image(so_path);
  const auto header = image.read<Elf64_Ehdr>(0, "shorter than an ELF header");
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) image.fail("not an ELF file");
  if (header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_ident[EI_DATA] != ELFDATA2LSB)
    image.fail("not a 64-bit little-endian ELF file");
  if (header.e_shentsize != sizeof(Elf64_Shdr)) image.fail("unexpected section header size");

  const auto section = [&](std::uint64_t index) {
    if (index >= header.e_shnum) image.fail("a section index out of range");
    return image.read<Elf64_Shdr>(header.e_shoff + index * sizeof(Elf64_Shdr),
                                  "a section header past the end of the file");
  };
  for (std::uint64_t i = 0; i < header.e_shnum; ++i) {
    const Elf64_Shdr dynsym = section(i);
    if (dynsym.sh_type != SHT_DYNSYM) continue;
    if (dynsym.sh_entsize != sizeof(Elf64_Sym)) image.fail("unexpected symbol entry size");
    if (dynsym.sh_offset > image.size() || dynsym.sh_size > image.size() - dynsym.sh_offset)
      image.fail("a symbol table past the end of the file");
    const Elf64_Shdr strings = section(dynsym.sh_link);
    std::vector<std::string> names;
    for (std::uint64_t k = 1; k < dynsym.sh_size / sizeof(Elf64_Sym); ++k) {  // 0 is null
      const auto symbol = image.read<Elf64_Sym>(dynsym.sh_offset + k * sizeof(Elf64_Sym),
                                                "a symbol past the end of the file");
      const unsigned binding = ELF64_ST_BIND(symbol.st_info);
      if (symbol.st_shndx == SHN_UNDEF ||
          (binding != STB_GLOBAL && binding != STB_WEAK && binding != STB_GNU_UNIQUE))
        continue;
      names.push_back(image.string_at(strings.sh_offset, strings.sh_size, symbol.st_name));
    }
    return names;
  }
  image.fail("no dynamic symbol table");
}

}  // namespace rb::validate
