// Plain-text and Markdown tables for the console, compare, history and verdict outputs: columns
// padded by what a terminal shows (UTF-8 code points), numbers right-aligned, text left.
#pragma once

#include <string>
#include <vector>

namespace rb::text {

struct TextTable {
  std::vector<std::string> header;
  std::vector<bool> right_aligned;  // per column; missing entries mean left
  std::vector<std::vector<std::string>> rows;
};

// Header, a rule of dashes, the rows; two spaces between columns, no trailing blanks. Every
// cell goes through printable(): control characters are escaped, each row stays one line.
std::string render_text(const TextTable& table);

// A GitHub-flavoured Markdown table; cells through printable(), and '|' inside them escaped.
std::string render_markdown(const TextTable& table);

std::size_t display_width(const std::string& text);

}  // namespace rb::text
