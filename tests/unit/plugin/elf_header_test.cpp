// A shared object built for another machine is named as such, with the machine found and
// the one expected (issue 14, item 12), instead of dlopen's "No such file or directory".
#include <elf.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "../../support/scratch_dir.h"
#include "plugin/loader.h"

namespace rb::plugin {
namespace {

#if defined(__aarch64__)
constexpr std::uint16_t kForeign = EM_X86_64;
const std::string kForeignText = "ELF machine x86-64 (62), 64-bit little-endian";
const std::string kOwnText = "this runner is AArch64 (183), 64-bit little-endian";
#else
constexpr std::uint16_t kForeign = EM_AARCH64;
const std::string kForeignText = "ELF machine AArch64 (183), 64-bit little-endian";
const std::string kOwnText = "this runner is x86-64 (62), 64-bit little-endian";
#endif

// The first 64 bytes of a little-endian ELF shared object for `machine`, the rest zero.
std::string elf_header(unsigned char elf_class, std::uint16_t machine) {
  std::string bytes(64, '\0');
  bytes[0] = ELFMAG0;
  bytes[1] = ELFMAG1;
  bytes[2] = ELFMAG2;
  bytes[3] = ELFMAG3;
  bytes[EI_CLASS] = static_cast<char>(elf_class);
  bytes[EI_DATA] = ELFDATA2LSB;
  bytes[EI_VERSION] = EV_CURRENT;
  bytes[16] = ET_DYN;
  bytes[18] = static_cast<char>(machine & 0xff);
  bytes[19] = static_cast<char>(machine >> 8);
  return bytes;
}

LoadError refusal_of(const std::filesystem::path& file) {
  try {
    load_plugin(file, {[](LoadedPlugin&) {}, {}});
  } catch (const LoadError& error) {
    return error;
  }
  throw std::runtime_error(file.string() + " loaded");
}

TEST(ElfHeader, AnotherMachineIsNamedWithTheOneExpected) {
  const rbtest::ScratchDir dir;
  const auto file = dir.write("foreign.so", elf_header(ELFCLASS64, kForeign));
  const LoadError error = refusal_of(file);
  const std::string what = error.what();
  EXPECT_EQ(error.kind(), LoadErrorKind::wrong_architecture) << what;
  EXPECT_NE(what.find("built for another architecture"), std::string::npos) << what;
  EXPECT_NE(what.find(kForeignText), std::string::npos) << what;
  EXPECT_NE(what.find(kOwnText), std::string::npos) << what;
  EXPECT_EQ(what.find("No such file"), std::string::npos) << what;
}

TEST(ElfHeader, A32BitObjectIsNamedAsSuch) {
  const rbtest::ScratchDir dir;
  const auto file = dir.write("i386.so", elf_header(ELFCLASS32, EM_386));
  const LoadError error = refusal_of(file);
  const std::string what = error.what();
  EXPECT_EQ(error.kind(), LoadErrorKind::wrong_architecture) << what;
  EXPECT_NE(what.find("ELF machine i386 (3), 32-bit little-endian"), std::string::npos) << what;
}

TEST(ElfHeader, AFileThatIsNoElfSaysSo) {
  const rbtest::ScratchDir dir;
  const auto file = dir.write("text.so", "just some text\n");
  const LoadError error = refusal_of(file);
  EXPECT_EQ(error.kind(), LoadErrorKind::not_shared_object);
  EXPECT_NE(std::string(error.what()).find("no ELF header"), std::string::npos) << error.what();
}

}  // namespace
}  // namespace rb::plugin
