#include "report/console_table.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/comparison_table.h"
#include "report/interference_section.h"
#include "report/not_ok_cells.h"
#include "report/number_format.h"

namespace rb::report {

namespace {

// Columns are padded by characters on screen, so count UTF-8 code points, not bytes.
std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad_left(const std::string& text, std::size_t width) {
  const std::size_t shown = display_width(text);
  return shown >= width ? text : std::string(width - shown, ' ') + text;
}

std::string join_padded(const std::vector<std::string>& cells,
                        const std::vector<std::size_t>& widths) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += "  ";
    out += pad_left(cells[i], widths[i]);
  }
  return out + '\n';
}

// Right-aligned columns under a header and a rule of dashes as wide as each column.
std::string aligned_table(const std::vector<std::string>& header,
                          const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths(header.size(), 0);
  for (std::size_t i = 0; i < header.size(); ++i) widths[i] = display_width(header[i]);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], display_width(row[i]));
  std::vector<std::string> rule;
  for (std::size_t width : widths) rule.emplace_back(width, '-');
  std::string out = join_padded(header, widths) + join_padded(rule, widths);
  for (const auto& row : rows) out += join_padded(row, widths);
  return out;
}

std::string format_table(const ComparisonTable& table) {
  std::string out = fmt::format("{}: {}  median [{:g}% CI]", table.workload,
                                metric_title(table.metric), table.ci_level * 100);
  for (const auto& p : table.fixed) out += fmt::format("  {}={}", p.name, to_string(p.value));
  out += '\n';

  std::vector<std::string> header = table.axes;
  header.insert(header.end(), table.plugins.begin(), table.plugins.end());
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : table.rows) {
    std::vector<std::string> line = row.point;
    line.insert(line.end(), row.cells.begin(), row.cells.end());
    rows.push_back(std::move(line));
  }
  return out + aligned_table(header, rows);
}

}  // namespace

std::string format_console_tables(const RunResult& run) {
  std::string out;
  for (const auto& table : build_comparison_tables(run)) {
    if (!out.empty()) out += '\n';
    out += format_table(table);
  }
  const auto not_ok = group_not_ok_cells(run);
  if (!not_ok.empty()) out += "\nCells without results:\n";
  for (const auto& group : not_ok) out += "  " + describe(group) + '\n';
  if (const std::string footnote = disturbed_footnote(run); !footnote.empty())
    out += '\n' + footnote;
  return out;
}

std::string format_progress(std::size_t done, std::size_t total, double elapsed_s,
                            std::string_view current) {
  const std::string total_text = std::to_string(total);
  const std::size_t percent = total == 0 ? 100 : std::min<std::size_t>(done * 100 / total, 100);
  std::string eta = "-:--";
  if (done >= total)
    eta = format_duration(0);
  else if (done > 0)
    eta =
        format_duration(elapsed_s / static_cast<double>(done) * static_cast<double>(total - done));
  std::string out =
      fmt::format("[{:>{}}/{}] {:>2}% eta {}", done, total_text.size(), total_text, percent, eta);
  if (!current.empty()) out += fmt::format("  {}", current);
  return out;
}

}  // namespace rb::report
