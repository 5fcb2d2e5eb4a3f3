#include "text/colour_mode.h"

#include <unistd.h>

#include <cstdlib>

#include "text/enum_names.h"

namespace rb::text {
namespace {

constexpr EnumName<ColourMode> kNames[] = {
    {ColourMode::auto_detect, "auto"},
    {ColourMode::always, "always"},
    {ColourMode::never, "never"},
};
static_assert(names_all(kNames, ColourMode::never), "every ColourMode needs a name");

std::optional<std::string> variable(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::nullopt : std::optional<std::string>(value);
}

}  // namespace

const char* to_string(ColourMode mode) {
  return name_of(kNames, mode, "?");
}

std::optional<ColourMode> colour_mode_named(std::string_view name) {
  return value_named(kNames, name);
}

std::vector<std::string> colour_mode_names() {
  std::vector<std::string> out;
  for (const auto& entry : kNames) out.emplace_back(entry.name);
  return out;
}

bool should_colour(ColourMode mode, const ColourSurroundings& around) {
  switch (mode) {
    case ColourMode::always:
      return true;
    case ColourMode::never:
      return false;
    case ColourMode::auto_detect:
      break;
  }
  // no-color.org: "present and not an empty string" disables it.
  if (around.no_color && !around.no_color->empty()) return false;
  if (around.term && *around.term == "dumb") return false;
  return around.is_tty;
}

bool colour_wanted(ColourMode mode, int fd) {
  return should_colour(mode, {::isatty(fd) != 0, variable("NO_COLOR"), variable("TERM")});
}

}  // namespace rb::text
