// What a coloured console line shows: the text without its SGR escapes (ESC [ ... m), for
// tests that compare a coloured layout with the plain one.
#pragma once

#include <cstddef>
#include <string>

namespace rbtest {

inline std::string without_escapes(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033') {
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace rbtest
