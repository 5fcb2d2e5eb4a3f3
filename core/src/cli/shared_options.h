// The options several commands share, each declared here once with one help text: --store,
// --format, --color (also spelt --colour), --threshold, and --plugin-path with
// --allow-unsafe-plugins. A command that has one of them
// gets it from here, so it parses and reads the same wherever it is.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rb::cli {

// Where a command's history store comes from when --store is not given.
enum class StoreDefault {
  environment,             // REACTORBENCH_DB (history, compare, report, export, tag)
  environment_then_config  // REACTORBENCH_DB, then the config's [store] path (run)
};

void add_store_option(CLI::App& command, std::optional<std::filesystem::path>& store,
                      StoreDefault fallback = StoreDefault::environment);

// --format, one of `choices` (CLI11's IsMember lists them in --help and refuses others).
// Without `required`, format's value as given is the default.
void add_format_option(CLI::App& command, std::string& format,
                       const std::vector<std::string>& choices, bool required = false);

// --color / --colour auto|always|never, into mode (default "auto").
void add_colour_option(CLI::App& command, std::string& mode);

// --threshold as typed ("5%" or "0.05"); parse_threshold (compare_options.h) reads it, so
// that a bad value is the command's error, with its exit code.
void add_threshold_option(CLI::App& command, std::string& threshold);

// --plugin-path (repeatable) and --allow-unsafe-plugins: where plugins are looked for and
// whether a file others could replace is loaded (run, plugins, validate, serve).
void add_plugin_search_options(CLI::App& command, std::vector<std::filesystem::path>& plugin_path,
                               bool& allow_unsafe_plugins);

}  // namespace rb::cli
