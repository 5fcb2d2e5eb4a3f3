#include "validate/elf_exports.h"

#include <gtest/gtest.h>

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace rb::validate {
namespace {

namespace fs = std::filesystem;

fs::path bad_plugin(const std::string& file) {
  return fs::path(RB_BAD_PLUGIN_DIR) / file;
}

std::string error_of(const fs::path& path) {
  try {
    exported_symbols(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

struct TempFile {
  fs::path path = fs::temp_directory_path() / ("rb-elf-" + std::to_string(::getpid()));
  ~TempFile() { fs::remove(path); }
};

TEST(ElfExports, APluginBuiltWithHiddenVisibilityExportsOnlyTheEntry) {
  EXPECT_EQ(exported_symbols(bad_plugin("good.so")),
            std::vector<std::string>{"reactorbench_plugin_entry"});
}

TEST(ElfExports, AVisibleHelperIsListed) {
  auto symbols = exported_symbols(bad_plugin("runtime/extra_export.so"));
  std::sort(symbols.begin(), symbols.end());
  EXPECT_EQ(symbols,
            (std::vector<std::string>{"rbtest_helper_left_visible", "reactorbench_plugin_entry"}));
}

TEST(ElfExports, UndefinedImportsAreNotExports) {
  // unresolved_symbol.so imports a function nobody defines: it must not count as exported.
  const auto symbols = exported_symbols(bad_plugin("unresolved_symbol.so"));
  EXPECT_EQ(std::count(symbols.begin(), symbols.end(), "reactorbench_plugin_entry"), 1);
  for (const auto& symbol : symbols) EXPECT_EQ(symbol.find("missing"), std::string::npos) << symbol;
}

TEST(ElfExports, TextIsNotAnElfFile) {
  EXPECT_NE(error_of(bad_plugin("not_elf.so")).find("not an ELF file"), std::string::npos);
}

TEST(ElfExports, ATruncatedFileIsAnErrorNotACrash) {
  std::ifstream in(bad_plugin("good.so"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const TempFile copy;
  // Cut inside the header, inside the section header table (at the end of the file: a cut past
  // the headers the reader needs is no error) and before the dynamic symbols.
  Elf64_Ehdr header;
  std::memcpy(&header, bytes.data(), sizeof header);
  for (std::size_t keep : {std::size_t{10}, std::size_t{40}, std::size_t{header.e_shoff + 10},
                           std::size_t{header.e_shoff / 8}}) {
    std::ofstream(copy.path, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), static_cast<long>(keep));
    EXPECT_NE(error_of(copy.path).find("cannot read its symbols"), std::string::npos)
        << "kept " << keep << " bytes: " << error_of(copy.path);
  }
}

TEST(ElfExports, AMissingFileNamesIt) {
  EXPECT_NE(error_of("/nonexistent/x.so").find("/nonexistent/x.so"), std::string::npos);
}

}  // namespace
}  // namespace rb::validate
