// Where something sits in a config (or on the command line), and the error that names it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "text/printable.h"

namespace rb::config {

struct SourcePos {
  std::string file;
  int line = 0;  // 1-based; 0 means "the whole file" (e.g. it cannot be read)
  int col = 0;   // 1-based

  // "file:line:col", or just "file" when the line is unknown.
  std::string str() const;
};

// what() is "<file>:<line>:<col>: <message>" on one line, so editors and CI logs can jump
// to the spot.
class ConfigError : public std::runtime_error {
 public:
  ConfigError(SourcePos pos, const std::string& message);

  const SourcePos& pos() const { return pos_; }
  const std::string& message() const { return message_; }

 private:
  SourcePos pos_;
  std::string message_;
};

// Text taken from the config or the command line, made safe to embed in a one-line
// message: control characters and bytes that are not valid UTF-8 become escapes.
using text::printable;

// printable(text) in single quotes, shortened when it is very long.
std::string in_quotes(std::string_view text);

}  // namespace rb::config
