// Plain-text and Markdown tables for the console, compare, history and verdict outputs: columns
// padded by what a terminal shows (UTF-8 code points), numbers right-aligned, text left.
#pragma once

#include <string>
#include <vector>

#include "text/tint.h"

namespace rb::text {

struct TextTable {
  std::vector<std::string> header;
  std::vector<bool> right_aligned;  // per column; missing entries mean left
  std::vector<std::vector<std::string>> rows;
  // Per row and column, the cell's colour on a console that shows colour; missing entries
  // mean none. Kept beside the text, not in it, so widths and Markdown never see an escape.
  std::vector<std::vector<Tint>> tints = {};
};

// Header, a rule of dashes, the rows; two spaces between columns, no trailing blanks. Every
// cell goes through printable(): control characters are escaped, each row stays one line.
// With colour, a tinted cell's text is painted after it is padded (the padding stays plain),
// so the columns line up the same with and without it.
std::string render_text(const TextTable& table, bool colour = false);

// A GitHub-flavoured Markdown table; cells through printable(), and '|' inside them escaped.
// Never coloured: Markdown is for files and pages.
std::string render_markdown(const TextTable& table);

std::size_t display_width(const std::string& text);

// The text when it shows in `width` columns or fewer; else its first width - 1 characters
// (never half of one) and an ellipsis, "…".
std::string cut_to_width(const std::string& text, std::size_t width);

}  // namespace rb::text
