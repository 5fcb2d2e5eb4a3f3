#include "config/nesting_guard.h"

#include <vector>

#include "config/source_pos.h"

namespace rb::config {
namespace {

// A forgiving lexer: it only tells keys from values, skips strings and comments, and
// counts depth. Every step consumes at least one byte, so it ends on any input.
class NestingScanner {
 public:
  NestingScanner(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  void run() {
    // toml++ accepts a UTF-8 byte order mark; skipping it keeps the first line scanned.
    if (text_.starts_with("\xEF\xBB\xBF")) i_ = 3;
    while (!at_end()) scan_line();
  }

 private:
  enum class Open { array, inline_table };
  struct Frame {
    Open open;
    int depth_before;  // the depth to restore when the bracket closes
  };

  bool at_end() const { return i_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0';
  }
  bool starts_with(std::string_view s) const { return text_.substr(i_).starts_with(s); }

  void advance() {
    const auto byte = static_cast<unsigned char>(text_[i_++]);
    if (byte == '\n') {
      ++line_;
      col_ = 1;
    } else if ((byte & 0xC0) != 0x80) {  // count characters, not UTF-8 continuation bytes
      ++col_;
    }
  }

  void skip_blanks() {
    while (!at_end() && (peek() == ' ' || peek() == '\t')) advance();
  }
  void skip_to_line_end() {
    while (!at_end() && peek() != '\n') advance();
  }

  void check(int depth) const {
    if (depth > max_nesting_depth)
      throw ConfigError({source_, line_, col_},
                        "nesting deeper than " + std::to_string(max_nesting_depth) + " levels");
  }

  void skip_string() {
    const char quote = peek();
    const bool basic = quote == '"';
    const std::string triple(3, quote);
    if (starts_with(triple)) {
      for (int k = 0; k < 3; ++k) advance();
      while (!at_end() && !starts_with(triple)) {
        if (basic && peek() == '\\') advance();
        if (!at_end()) advance();
      }
      // A multi-line string may end with up to two quotes of its own before the closing three.
      for (int k = 0; k < 5 && !at_end() && peek() == quote; ++k) advance();
      return;
    }
    advance();
    while (!at_end() && peek() != quote && peek() != '\n') {
      if (basic && peek() == '\\') advance();
      if (!at_end() && peek() != '\n') advance();
    }
    if (!at_end() && peek() == quote) advance();
  }

  // A (dotted) key; returns how many parts it has, checking depth base + parts as it goes.
  int scan_key(int base) {
    int parts = 0;
    for (;;) {
      skip_blanks();
      const char c = peek();
      if (c == '"' || c == '\'') {
        check(base + parts + 1);
        skip_string();
      } else if (is_bare_key_char(c)) {
        check(base + parts + 1);
        while (!at_end() && is_bare_key_char(peek())) advance();
      } else {
        return parts;
      }
      ++parts;
      skip_blanks();
      if (peek() != '.') return parts;
      advance();
    }
  }

  // Bytes past ASCII count too: a parser that allows Unicode bare keys must not get past
  // the scan, and counting too much here only matters for absurdly deep input.
  static bool is_bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || (static_cast<unsigned char>(c) & 0x80) != 0;
  }

  void scan_line() {
    skip_blanks();
    const char c = peek();
    if (c == '\n' || c == '\r' || c == '#') {
      skip_to_line_end();
      if (!at_end()) advance();
      return;
    }
    if (c == '[') {
      advance();
      if (peek() == '[') advance();
      table_depth_ = scan_key(0);
      skip_to_line_end();
      return;
    }
    const int parts = scan_key(table_depth_);
    skip_blanks();
    if (parts == 0 || peek() != '=') {
      // Not a key/value line; toml++ will say why. Move on without guessing.
      skip_to_line_end();
      return;
    }
    advance();
    scan_value(table_depth_ + parts);
  }

  // A value: scalars, strings, and any nesting of arrays and inline tables, which may span
  // lines (arrays) until the brackets balance.
  void scan_value(int depth) {
    std::vector<Frame> open;
    while (!at_end()) {
      const char c = peek();
      if (c == '\n' && open.empty()) return;
      if (c == '"' || c == '\'') {
        skip_string();
      } else if (c == '#') {
        skip_to_line_end();
      } else if (c == '[') {
        check(depth + 1);
        open.push_back({Open::array, depth});
        ++depth;
        advance();
      } else if (c == '{') {
        check(depth + 1);
        open.push_back({Open::inline_table, depth});
        ++depth;
        advance();
        depth = scan_inline_key(depth);
      } else if ((c == ']' || c == '}') && !open.empty()) {
        depth = open.back().depth_before;
        open.pop_back();
        advance();
      } else if (c == ',' && !open.empty() && open.back().open == Open::inline_table) {
        advance();
        depth = scan_inline_key(open.back().depth_before + 1);
      } else {
        advance();
      }
    }
  }

  // After '{' or ',' in an inline table: the key, then its value's depth.
  int scan_inline_key(int table_depth) {
    const int parts = scan_key(table_depth);
    skip_blanks();
    if (parts > 0 && peek() == '=') advance();
    return table_depth + parts;
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t i_ = 0;
  int line_ = 1;
  int col_ = 1;
  int table_depth_ = 0;  // parts of the current [table] header
};

}  // namespace

void check_nesting(std::string_view toml_text, const std::string& source_name) {
  NestingScanner(toml_text, source_name).run();
}

}  // namespace rb::config
