// The tests' one scratch directory: fresh under the system temp dir, removed with everything
// in it on scope exit. Header only, so any test target can include it by relative path.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace rbtest {

// A fresh directory under the system temp dir.
inline std::filesystem::path make_temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "rbtest-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

// A file's whole text ("" when it cannot be read).
inline std::string file_contents(const std::filesystem::path& file) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  return text.str();
}

class ScratchDir {
 public:
  ScratchDir() : path_(make_temp_dir()) {}
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }

  const std::filesystem::path& path() const { return path_; }
  // Writes `content` to the file `name` in this directory; returns the file's path.
  std::filesystem::path write(const std::string& name, const std::string& content) const {
    const auto file = path_ / name;
    std::ofstream(file) << content;
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace rbtest
