#include "cli/shared_options.h"

#include "text/colour_mode.h"

namespace rb::cli {

void add_store_option(CLI::App& command, std::optional<std::filesystem::path>& store,
                      StoreDefault fallback) {
  const char* after_environment =
      fallback == StoreDefault::environment_then_config ? ", then the config's [store] path" : "";
  command.add_option("--store", store,
                     std::string("history store: a file or postgresql://user@host/db (default: "
                                 "REACTORBENCH_DB") +
                         after_environment + ")");
}

void add_format_option(CLI::App& command, std::string& format,
                       const std::vector<std::string>& choices, bool required) {
  auto* option = command.add_option(
      "--format", format,
      required ? "the output format" : "the output format (default " + format + ")");
  option->check(CLI::IsMember(choices));
  if (required) option->required();
}

void add_colour_option(CLI::App& command, std::string& mode) {
  command
      .add_option("--color,--colour", mode,
                  "colour the verdicts and failed cells: auto (default: on a terminal, unless "
                  "NO_COLOR is non-empty or TERM=dumb), always or never")
      ->check(CLI::IsMember(text::colour_mode_names()));
}

void add_threshold_option(CLI::App& command, std::string& threshold) {
  command.add_option("--threshold", threshold,
                     "noise threshold: a change within it is 'same', never a regression (default "
                     "5%; or 0.05)");
}

void add_plugin_search_options(CLI::App& command, std::vector<std::filesystem::path>& plugin_path,
                               bool& allow_unsafe_plugins) {
  command.add_option("--plugin-path", plugin_path, "also look for plugins here (repeatable)");
  command.add_flag("--allow-unsafe-plugins", allow_unsafe_plugins,
                   "load plugin files others could have replaced too");
}

}  // namespace rb::cli
