// Where `runner run CONFIG` finds its config: the path as given when it exists, else the
// configs the runner ships with. An installed runner (PREFIX/bin/runner) has them in
// PREFIX/share/reactorbench/configs (cmake/ReactorBenchInstall.cmake), a build tree's in its
// source tree's configs/; so `runner run flower.toml` or `runner run configs/flower.toml`
// works from any directory.
#pragma once

#include <filesystem>
#include <vector>

namespace rb::cli {

// The shipped config directories, in the order they are searched.
std::vector<std::filesystem::path> shipped_config_dirs();

// `given` when it exists or names a directory path of its own (a/b/c.toml other than
// configs/c.toml); else the first shipped config of its file name, said on stderr; else
// `given`, for the config loader to report as missing.
std::filesystem::path find_config(const std::filesystem::path& given);

}  // namespace rb::cli
