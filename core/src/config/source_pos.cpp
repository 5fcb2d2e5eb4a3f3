#include "config/source_pos.h"

namespace rb::config {
namespace {

// Messages are built from pieces that are already printable, so this only guards the one
// promise what() makes: a single line.
std::string single_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace

std::string SourcePos::str() const {
  if (line <= 0) return file;
  return file + ':' + std::to_string(line) + ':' + std::to_string(col);
}

ConfigError::ConfigError(SourcePos pos, const std::string& message)
    : std::runtime_error(single_line(pos.str() + ": " + message)),
      pos_(std::move(pos)),
      message_(single_line(message)) {}

std::string in_quotes(std::string_view text) {
  // A megabyte-long key is still a one-line message, but nobody wants to read all of it.
  constexpr std::size_t max_shown = 120;
  if (text.size() <= max_shown) return '\'' + printable(text) + '\'';
  std::size_t cut = max_shown;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return '\'' + printable(text.substr(0, cut)) + "...' (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace rb::config
