// Where the commands that read runs by reference (a stored id, last, last~N, a tag, group:ID)
// look them up: --store, and --config / --host narrowing last and last~N. Shared by
// `runner compare`, `report`, `export` and `tag`.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace rb::cli {

void add_run_ref_options(CLI::App& command, std::optional<std::filesystem::path>& store,
                         std::string& config, std::string& host);

}  // namespace rb::cli
