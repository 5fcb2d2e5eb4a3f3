#include "report/console_table.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/comparison_table.h"
#include "report/interference_section.h"
#include "report/not_ok_cells.h"
#include "report/number_format.h"
#include "report/status_tint.h"
#include "text/printable.h"
#include "text/tint.h"

namespace rb::report {

namespace {

std::string format_table(const ComparisonTable& table, bool colour) {
  std::string out = fmt::format("{}: {}  median [{:g}% CI]", table.workload,
                                metric_title(table.metric), table.ci_level * 100);
  for (const auto& p : table.fixed) out += fmt::format("  {}={}", p.name, to_string(p.value));
  out += '\n';

  return out + text::render_text(as_text_table(table), colour);
}

}  // namespace

std::string format_console_tables(const RunResult& run, bool colour) {
  std::string out;
  for (const auto& table : build_comparison_tables(run)) {
    if (!out.empty()) out += '\n';
    out += format_table(table, colour);
  }
  const auto not_ok = group_not_ok_cells(run);
  if (!not_ok.empty()) out += "\nCells without results:\n";
  for (const auto& group : not_ok)
    out += "  " +
           text::paint(describe(group), colour ? status_tint(group.status) : text::Tint::none) +
           '\n';
  if (const std::string footnote = disturbed_footnote(run); !footnote.empty())
    out += '\n' + footnote;
  return out;
}

std::string format_progress(std::size_t done, std::size_t total, std::optional<double> remaining_s,
                            const RunningCell& running) {
  const std::string total_text = std::to_string(total);
  const std::size_t percent = total == 0 ? 100 : std::min<std::size_t>(done * 100 / total, 100);
  std::string eta = "-:--";
  if (done >= total)
    eta = format_duration(0);
  else if (remaining_s)
    eta = format_duration(*remaining_s);
  std::string out =
      fmt::format("[{:>{}}/{}] {:>2}% eta {}", done, total_text.size(), total_text, percent, eta);
  if (running.label.empty()) return out;
  if (running.rounds > 1) out += fmt::format("  round {}/{}", running.round, running.rounds);
  if (running.iterations > 0)
    out += fmt::format("{}it {}/{}", running.rounds > 1 ? " " : "  ", running.iteration,
                       running.iterations);
  return out + fmt::format("  {}", text::printable(running.label));
}

std::string format_cell_line(std::size_t n, std::size_t of, const CellResult& cell, bool colour) {
  constexpr std::size_t kStatusWidth = 8;  // "timeout ", "crashed "
  const std::string status = to_string(cell.status);
  const std::string padding(kStatusWidth - std::min(status.size(), kStatusWidth), ' ');
  const std::string of_text = std::to_string(of);
  std::string out = fmt::format("cell {:>{}}/{}  {}{} {} {} {}", n, of_text.size(), of_text,
                                colour ? text::paint(status, status_tint(cell.status)) : status,
                                padding, cell.cell.workload, text::printable(cell.cell.plugin),
                                text::printable(cell.cell.params_label()));
  // The reason quotes the plugin's error text: one visible line, no escapes of its own.
  if (cell.status != CellStatus::ok) return out + ": " + text::printable(cell.reason);
  double wall_s = 0;
  for (const RoundInterference& r : cell.interference) wall_s += r.wall_s;
  return out + fmt::format("  {} round{}, {:.2f} s", cell.interference.size(),
                           cell.interference.size() == 1 ? "" : "s", wall_s);
}

std::string fit_to_width(std::string line, std::size_t width) {
  if (line.size() <= width) return line;
  constexpr std::string_view kCut = "...";
  if (width <= kCut.size()) return line.substr(0, width);
  line.resize(width - kCut.size());
  return line + std::string(kCut);
}

}  // namespace rb::report
