#include "cli/option_listing.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "plugin/abi_version.h"
#include "text/printable.h"
#include "text/text_table.h"

namespace rb::cli {

std::string format_option_listing(const plugin::PluginInfo& info) {
  // The name, the version and the path come from the plugin and the file system: escaped.
  const std::string title = fmt::format(
      "{} {} (ABI {}, {})", text::printable(info.name), text::printable(info.version),
      plugin::abi_version_string(info.abi_version), text::printable(info.path.string()));
  if (info.options.empty()) {
    const bool before_1_3 = RB_VERSION_MINOR(info.abi_version) < 3;
    const std::string why = before_1_3 ? fmt::format(" (ABI {} plugin: declarations came with 1.3)",
                                                     plugin::abi_version_string(info.abi_version))
                                       : "";
    return fmt::format(
        "{}\ndeclares no options{}; the runner checks none when it loads a "
        "config, the plugin's prepare checks what it is given\n",
        title, why);
  }
  text::TextTable table;
  table.header = {"NAME", "TYPE", "ALLOWED", "DEFAULT", "WORKLOADS", "HELP"};
  for (const auto& option : info.options)
    table.rows.push_back(
        {option.name, type_name(option.type), option.allowed.empty() ? "-" : option.allowed,
         option.default_value.value_or("-"),
         option.workloads.empty() ? "all" : fmt::format("{}", fmt::join(option.workloads, ",")),
         option.help});
  return fmt::format("{}\n{} option{}\n\n{}", title, info.options.size(),
                     info.options.size() == 1 ? "" : "s", text::render_text(table));
}

}  // namespace rb::cli
