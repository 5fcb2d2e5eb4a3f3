#include "plugin/elf_header.h"

#include <elf.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "plugin/load_error.h"

namespace rb::plugin {

namespace {

// e_ident, then e_type and e_machine: the same offsets in 32- and 64-bit headers.
using Header = std::array<unsigned char, EI_NIDENT + 4>;

// The 16-bit field at `offset`, in the file's byte order.
std::uint16_t read_half(const Header& header, std::size_t offset) {
  const unsigned first = header[offset];
  const unsigned second = header[offset + 1];
  if (header[EI_DATA] == ELFDATA2MSB) return static_cast<std::uint16_t>((first << 8) | second);
  return static_cast<std::uint16_t>((second << 8) | first);
}

struct Target {
  unsigned char elf_class;
  unsigned char data;
  std::uint16_t machine;
  bool operator==(const Target&) const = default;
};

constexpr Target kThisRunner = {
    sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32,
    __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? ELFDATA2MSB : ELFDATA2LSB,
#if defined(__x86_64__)
    EM_X86_64,
#elif defined(__i386__)
    EM_386,
#elif defined(__aarch64__)
    EM_AARCH64,
#elif defined(__arm__)
    EM_ARM,
#elif defined(__riscv)
    EM_RISCV,
#elif defined(__powerpc64__)
    EM_PPC64,
#elif defined(__powerpc__)
    EM_PPC,
#elif defined(__s390__)
    EM_S390,
#elif defined(__loongarch__)
    258,
#elif defined(__mips__)
    EM_MIPS,
#else
    EM_NONE,  // unknown here: the machine is not compared
#endif
};

std::string machine_name(std::uint16_t machine) {
  switch (machine) {
    case EM_386:
      return "i386";
    case EM_X86_64:
      return "x86-64";
    case EM_AARCH64:
      return "AArch64";
    case EM_ARM:
      return "ARM";
    case EM_RISCV:
      return "RISC-V";
    case EM_PPC64:
      return "PowerPC64";
    case EM_PPC:
      return "PowerPC";
    case EM_S390:
      return "S/390";
    case EM_MIPS:
      return "MIPS";
    case EM_SPARCV9:
      return "SPARC V9";
    case EM_IA_64:
      return "IA-64";
    case 258:
      return "LoongArch";
    default:
      return "unknown";
  }
}

std::string describe(const Target& target) {
  return fmt::format("{} ({}), {}-bit {}", machine_name(target.machine), target.machine,
                     target.elf_class == ELFCLASS64 ? 64 : 32,
                     target.data == ELFDATA2MSB ? "big-endian" : "little-endian");
}

[[noreturn]] void not_shared_object(const std::filesystem::path& path, const char* why) {
  throw LoadError(LoadErrorKind::not_shared_object, path,
                  fmt::format("not a shared object ({})", why));
}

}  // namespace

void refuse_unloadable_elf(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return;
  Header header{};
  in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size()));
  const auto got = static_cast<std::size_t>(in.gcount());
  if (in.bad()) return;

  if (got < SELFMAG || std::memcmp(header.data(), ELFMAG, SELFMAG) != 0) {
    if (got == 0) not_shared_object(path, "the file is empty");
    not_shared_object(path, "no ELF header; is it a text file or a linker script?");
  }
  if (got < header.size()) not_shared_object(path, "truncated ELF header");
  const unsigned char elf_class = header[EI_CLASS];
  const unsigned char data = header[EI_DATA];
  if ((elf_class != ELFCLASS32 && elf_class != ELFCLASS64) ||
      (data != ELFDATA2LSB && data != ELFDATA2MSB))
    not_shared_object(path, "an ELF header of unknown class or byte order");

  switch (read_half(header, EI_NIDENT)) {
    case ET_DYN:
      break;
    case ET_EXEC:
      not_shared_object(path, "it is an ELF executable");
    case ET_REL:
      not_shared_object(path, "it is an ELF relocatable object, a .o file");
    case ET_CORE:
      not_shared_object(path, "it is a core dump");
    default:
      not_shared_object(path, "unknown ELF file type");
  }
  Target file{elf_class, data, read_half(header, EI_NIDENT + 2)};
  if (kThisRunner.machine == EM_NONE) file.machine = EM_NONE;
  if (file == kThisRunner) return;
  throw LoadError(LoadErrorKind::wrong_architecture, path,
                  fmt::format("built for another architecture: ELF machine {}; this runner is {}",
                              describe(file), describe(kThisRunner)));
}

}  // namespace rb::plugin
