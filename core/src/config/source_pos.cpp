#include "config/source_pos.h"

#include <cstdio>

namespace rb::config {
namespace {

std::string hex_escape(unsigned char byte) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", byte);
  return buf;
}

// Length of the valid UTF-8 sequence starting at text[i], or 0 when it is not valid.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t len = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    len = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    len = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    len = 4;
  } else {
    return 0;
  }
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto cont = static_cast<unsigned char>(text[i + k]);
    if ((cont & 0xC0) != 0x80) return 0;
  }
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not valid UTF-8.
  const auto second = static_cast<unsigned char>(text[i + 1]);
  if (lead == 0xE0 && second < 0xA0) return 0;
  if (lead == 0xED && second > 0x9F) return 0;
  if (lead == 0xF0 && second < 0x90) return 0;
  if (lead == 0xF4 && second > 0x8F) return 0;
  return len;
}

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

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7F) {
      switch (byte) {
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          out += hex_escape(byte);
      }
      ++i;
    } else if (byte < 0x80) {
      out += static_cast<char>(byte);
      ++i;
    } else if (std::size_t len = utf8_sequence_length(text, i); len != 0) {
      out.append(text.substr(i, len));
      i += len;
    } else {
      out += hex_escape(byte);
      ++i;
    }
  }
  return out;
}

std::string in_quotes(std::string_view text) {
  // A megabyte-long key is still a one-line message, but nobody wants to read all of it.
  constexpr std::size_t max_shown = 120;
  if (text.size() <= max_shown) return '\'' + printable(text) + '\'';
  std::size_t cut = max_shown;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return '\'' + printable(text.substr(0, cut)) + "...' (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace rb::config
