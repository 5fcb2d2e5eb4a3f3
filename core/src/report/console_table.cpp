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

std::string format_table(const ComparisonTable& table) {
  std::string out = fmt::format("{}: {}  median [{:g}% CI]", table.workload,
                                metric_title(table.metric), table.ci_level * 100);
  for (const auto& p : table.fixed) out += fmt::format("  {}={}", p.name, to_string(p.value));
  out += '\n';

  return out + text::render_text(as_text_table(table));
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
