#include "text/text_table.h"

#include <algorithm>

#include "text/printable.h"

namespace rb::text {
namespace {

// The fill is measured on the plain text and stays outside the paint, so a left-aligned last
// cell's trailing blanks can still be trimmed.
std::string padded(const std::string& text, std::size_t width, bool right, Tint tint) {
  const std::size_t shown = display_width(text);
  const std::string fill(shown >= width ? 0 : width - shown, ' ');
  const std::string shown_text = paint(text, tint);
  return right ? fill + shown_text : shown_text + fill;
}

std::string render_row(const std::vector<std::string>& cells,
                       const std::vector<std::size_t>& widths, const std::vector<bool>& right,
                       const std::vector<Tint>& tints = {}) {
  std::string line;
  for (std::size_t i = 0; i < widths.size(); ++i) {
    if (i > 0) line += "  ";
    const std::string cell = i < cells.size() ? cells[i] : std::string();
    const Tint tint = i < tints.size() ? tints[i] : Tint::none;
    line += padded(cell, widths[i], i < right.size() && right[i], tint);
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line + '\n';
}

// Cells may hold text from plugins and results files: one visible line each.
std::vector<std::string> printable_cells(const std::vector<std::string>& cells) {
  std::vector<std::string> out;
  out.reserve(cells.size());
  for (const auto& cell : cells) out.push_back(printable(cell));
  return out;
}

std::string markdown_cell(const std::string& cell) {
  std::string out;
  for (char c : printable(cell)) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::size_t display_width(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string cut_to_width(const std::string& text, std::size_t width) {
  if (display_width(text) <= width) return text;
  if (width == 0) return "";
  std::string out;
  std::size_t shown = 0;
  for (const char c : text) {
    const bool starts_a_character = (c & 0xC0) != 0x80;
    if (starts_a_character && ++shown == width) break;
    out += c;
  }
  return out + "\u2026";
}

std::string render_text(const TextTable& table, bool colour) {
  const std::vector<std::string> header = printable_cells(table.header);
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : table.rows) rows.push_back(printable_cells(row));
  std::vector<std::size_t> widths;
  for (const auto& h : header) widths.push_back(display_width(h));
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], display_width(row[i]));
  std::vector<std::string> rule;
  for (std::size_t w : widths) rule.emplace_back(w, '-');
  std::string out = render_row(header, widths, table.right_aligned);
  out += render_row(rule, widths, table.right_aligned);
  for (std::size_t r = 0; r < rows.size(); ++r)
    out += render_row(rows[r], widths, table.right_aligned,
                      colour && r < table.tints.size() ? table.tints[r] : std::vector<Tint>());
  return out;
}

std::string render_markdown(const TextTable& table) {
  std::string out = "|";
  for (const auto& h : table.header) out += ' ' + markdown_cell(h) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < table.header.size(); ++i)
    out += i < table.right_aligned.size() && table.right_aligned[i] ? "---:|" : "---|";
  out += '\n';
  for (const auto& row : table.rows) {
    out += '|';
    for (std::size_t i = 0; i < table.header.size(); ++i)
      out += ' ' + (i < row.size() ? markdown_cell(row[i]) : std::string()) + " |";
    out += '\n';
  }
  return out;
}

}  // namespace rb::text
