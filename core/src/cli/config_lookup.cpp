#include "cli/config_lookup.h"

#include <iostream>
#include <system_error>

#include <fmt/format.h>

#include "model/build_info.h"
#include "text/printable.h"

namespace rb::cli {

std::vector<std::filesystem::path> shipped_config_dirs() {
  std::vector<std::filesystem::path> dirs;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(exe.parent_path().parent_path() / "share" / "reactorbench" / "configs");
  dirs.push_back(std::filesystem::path(model::source_dir()) / "configs");
  return dirs;
}

std::filesystem::path find_config(const std::filesystem::path& given) {
  std::error_code ec;
  if (std::filesystem::exists(given, ec)) return given;
  // Only a bare name or configs/NAME stands for a shipped config: another directory is the
  // user's own, and its absence is theirs to hear about.
  const auto parent = given.parent_path();
  if (!parent.empty() && parent != "configs") return given;
  for (const auto& dir : shipped_config_dirs()) {
    const auto shipped = dir / given.filename();
    if (!std::filesystem::is_regular_file(shipped, ec)) continue;
    std::cerr << fmt::format("note: no {} here: running the shipped {}\n",
                             text::printable(given.string()), text::printable(shipped.string()));
    return shipped;
  }
  return given;
}

}  // namespace rb::cli
