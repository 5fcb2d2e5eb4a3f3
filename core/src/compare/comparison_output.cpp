#include "compare/comparison_output.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compare/comparison_json.h"
#include "compare/verdict_tint.h"
#include "report/number_format.h"
#include "text/printable.h"

namespace rb::compare {
namespace {

// The parameters that vary between rows are the row labels; the rest go in the heading.
std::vector<std::string> varying_params(const RunComparison& comparison,
                                        std::vector<std::string>& fixed) {
  std::vector<std::string> names;
  std::map<std::string, std::set<std::string>> values;
  for (const auto& row : comparison.rows)
    for (const auto& p : row.params) {
      if (values.find(p.name) == values.end()) names.push_back(p.name);
      values[p.name].insert(rb::to_string(p.value));
    }
  std::vector<std::string> varying;
  for (const auto& name : names) {
    if (values[name].size() > 1)
      varying.push_back(name);
    else
      fixed.push_back(name + "=" + *values[name].begin());
  }
  return varying;
}

std::string point_of(const CellComparison& row, const std::vector<std::string>& varying) {
  std::string out;
  for (const auto& p : row.params)
    if (std::find(varying.begin(), varying.end(), p.name) != varying.end()) {
      if (!out.empty()) out += ' ';
      out += p.name + "=" + rb::to_string(p.value);
    }
  return out.empty() ? row.point : out;
}

std::string plugin_of(const CellComparison& row) {
  return row.base_plugin == row.new_plugin ? row.new_plugin
                                           : row.base_plugin + " -> " + row.new_plugin;
}

std::string pairing_text(const CellComparison& row) {
  if (!row.pairing) return "";
  const PairingGain& gain = *row.pairing;
  const std::string rho =
      std::isfinite(gain.correlation) ? fmt::format("rho {:.2f}", gain.correlation) : "rho n/a";
  const std::string pairs =
      gain.unit == "iterations"
          ? fmt::format("{} rounds, {} iteration pairs", gain.pairs, gain.iteration_pairs)
      : gain.unit == "duet" ? fmt::format("{} duet round pairs", gain.pairs)
                            : fmt::format("{} round pairs", gain.pairs);
  if (!std::isfinite(gain.narrowing())) return fmt::format("{}, {}", pairs, rho);
  return fmt::format("{}, {}, CI {:.1f}x narrower", pairs, rho, gain.narrowing());
}

std::string heading(const RunComparison& c, const std::vector<std::string>& fixed) {
  // Labels and notes carry strings read from results files (host, kernel, compiler, git
  // revision, plugin names): shown only through the printable-text path (issue 31, item 6).
  std::string out = fmt::format("base: {}\nnew:  {}\n", text::printable(c.base_label),
                                text::printable(c.new_label));
  out +=
      fmt::format("threshold ±{:g}%, alpha {:g}, {:g}% bootstrap CI of the median ratio new/base",
                  c.rules.threshold * 100, c.rules.alpha, c.rules.ci_level * 100);
  if (!fixed.empty()) out += fmt::format("; fixed: {}", fmt::join(fixed, " "));
  out += '\n';
  if (any_lockstep(c) && conviction_edge(c.rules, true) != conviction_edge(c.rules, false))
    out += fmt::format(
        "a change is called beyond ±{:g}% in cells paired by iterations in lockstep (beyond "
        "±{:g}% otherwise)\n",
        conviction_edge(c.rules, true) * 100, conviction_edge(c.rules, false) * 100);
  if (any_pairing(c))
    out +=
        "judged as pairs (round r of base against round r of new, in one run; in lockstep, "
        "iteration i against iteration i, each round's median log ratio one pair): the change "
        "is the Hodges-Lehmann ratio of the pairs, p a paired t-test on their logs\n";
  for (const auto& note : c.design_notes) out += "note: " + text::printable(note) + '\n';
  for (const auto& note : c.context_notes)
    out += "note: runs differ in " + text::printable(note) + '\n';
  return out;
}

// colour only ever with !markdown: Markdown goes to files and pages.
std::string text_output(const RunComparison& c, bool markdown, bool colour) {
  std::vector<std::string> fixed;
  const text::TextTable rows = verdict_table(c, fixed);
  auto render = [&](const text::TextTable& t) {
    return markdown ? text::render_markdown(t) : text::render_text(t, colour);
  };
  auto painted = [&](const std::string& line, text::Tint tint) {
    return colour ? text::paint(line, tint) : line;
  };
  auto section = [&](const std::string& title) {
    return markdown ? "\n### " + title + "\n\n" : "\n" + title + ":\n";
  };
  auto list = [&](const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) out += (markdown ? "- " : "  ") + line + '\n';
    return out;
  };

  std::string out = markdown ? "## reactorbench compare\n\n" : "";
  std::string head = heading(c, fixed);
  if (markdown) {
    std::string md;
    for (char ch : head) md += ch == '\n' ? std::string("  \n") : std::string(1, ch);
    head = md;
  }
  out += head + "\n";
  // Exact where the timings are estimates: said first.
  if (!c.count_changes.empty()) {
    std::vector<std::string> lines;
    for (const auto& change : c.count_changes)
      lines.push_back(
          painted(describe(change), change.grew() ? text::Tint::red : text::Tint::green));
    out +=
        section("Kernel counts per event changed beyond both sides' rounds") + list(lines) + "\n";
  }
  out += c.rows.empty() ? std::string("(no cell had numbers on both sides)\n") : render(rows);
  if (!c.summaries.empty())
    out += section("Geometric mean of new/base per plugin") + render(summary_table(c));
  if (const auto notes = flagged_lines(c); !notes.empty()) out += section("Flagged") + list(notes);
  if (auto lines = uncompared_lines(c, "  (BROKEN: counts as a regression)"); !lines.empty()) {
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (c.uncompared[i].broken) lines[i] = painted(lines[i], text::Tint::red);
    out += section("Not compared") + list(lines);
  }
  auto shown = [](const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& line : lines) out.push_back(text::printable(line));
    return out;
  };
  if (!c.only_in_base.empty()) out += section("Only in base") + list(shown(c.only_in_base));
  if (!c.only_in_new.empty()) out += section("Only in new") + list(shown(c.only_in_new));
  out += (markdown ? "\n**verdict:** " : "\nverdict: ") +
         painted(verdict_line(c), exit_tint(exit_code(c))) + '\n';
  return out;
}

std::string verdict_cell(const CellComparison& row) {
  std::string out = to_string(row.verdict);
  if (row.provenance_changed) out += " !";
  return out;
}

}  // namespace

bool any_pairing(const RunComparison& c) {
  return std::any_of(c.rows.begin(), c.rows.end(),
                     [](const CellComparison& row) { return row.pairing.has_value(); });
}

bool any_lockstep(const RunComparison& c) {
  return std::any_of(c.rows.begin(), c.rows.end(), [](const CellComparison& row) {
    return row.pairing && row.pairing->unit == "iterations";
  });
}

std::string change_text(double ratio) {
  return std::isfinite(ratio) ? fmt::format("{:+.1f}%", (ratio - 1) * 100) : "n/a";
}

std::string interval_text(const RatioEstimate& r) {
  if (!std::isfinite(r.ci_low) || !std::isfinite(r.ci_high)) return "n/a";
  return fmt::format("[{}, {}]", change_text(r.ci_low), change_text(r.ci_high));
}

std::string p_text(double p) {
  if (!std::isfinite(p)) return "n/a";
  return p < 0.001 ? "<0.001" : fmt::format("{:.2g}", p);
}

text::TextTable verdict_table(const RunComparison& c, std::vector<std::string>& fixed) {
  const std::vector<std::string> varying = varying_params(c, fixed);
  const bool paired = any_pairing(c);
  text::TextTable t;
  t.header = {"plugin",
              "point",
              "metric",
              "base",
              "new",
              "change",
              fmt::format("{:g}% CI", c.rules.ci_level * 100),
              "p",
              "verdict",
              "why"};
  t.right_aligned = {false, false, false, true, true, true, true, true, false, false};
  constexpr std::size_t kVerdictColumn = 8;
  if (paired) {
    t.header.push_back("pairing (what it bought)");
    t.right_aligned.push_back(false);
  }
  for (const auto& row : c.rows) {
    t.rows.push_back({text::printable(plugin_of(row)), text::printable(point_of(row, varying)),
                      text::printable(row.metric.name), report::format_or_na(row.base_median),
                      report::format_or_na(row.new_median), change_text(row.ratio.ratio),
                      interval_text(row.ratio), p_text(row.p_value), verdict_cell(row),
                      text::printable(row.reason)});
    if (paired) t.rows.back().push_back(pairing_text(row));
    std::vector<text::Tint> tints(t.header.size(), text::Tint::none);
    tints[kVerdictColumn] = verdict_tint(row);
    t.tints.push_back(std::move(tints));
  }
  return t;
}

text::TextTable summary_table(const RunComparison& c) {
  text::TextTable t;
  t.header = {"plugin", "metric", "geomean", "change",      "cells",
              "faster", "slower", "same",    "inconclusive"};
  t.right_aligned = {false, false, true, true, true, true, true, true, true};
  for (const auto& s : c.summaries) {
    t.rows.push_back({s.plugin, s.metric, report::format_or_na(s.geomean_ratio),
                      change_text(s.geomean_ratio), std::to_string(s.cells),
                      std::to_string(s.faster), std::to_string(s.slower), std::to_string(s.same),
                      std::to_string(s.inconclusive)});
    // A count is painted as its verdict word is, when there is something to count.
    auto tint_if = [](std::size_t count, text::Tint tint) {
      return count > 0 ? tint : text::Tint::none;
    };
    t.tints.push_back({text::Tint::none, text::Tint::none, text::Tint::none, text::Tint::none,
                       text::Tint::none, tint_if(s.faster, text::Tint::green),
                       tint_if(s.slower, text::Tint::red), text::Tint::none,
                       tint_if(s.inconclusive, text::Tint::yellow)});
  }
  return t;
}

std::vector<std::string> flagged_lines(const RunComparison& c) {
  // One line per distinct note: a short run warns about its sample count on every row, and
  // a rebuilt plugin changes hash on all of its rows.
  std::vector<std::string> notes;
  std::map<std::string, std::vector<const CellComparison*>> rows_of;
  for (const auto& row : c.rows)
    for (const auto& note : row.notes) {
      auto& rows = rows_of[note];
      if (rows.empty()) notes.push_back(note);
      rows.push_back(&row);
    }
  std::vector<std::string> out;
  for (const auto& note : notes) {
    const auto& rows = rows_of[note];
    if (rows.size() == 1) {
      const CellComparison& row = *rows.front();
      out.push_back(text::printable(
          fmt::format("{}: {} {} {}", note, plugin_of(row), row.point, row.metric.name)));
      continue;
    }
    std::vector<std::string> plugins;
    for (const auto* row : rows)
      if (std::find(plugins.begin(), plugins.end(), plugin_of(*row)) == plugins.end())
        plugins.push_back(plugin_of(*row));
    out.push_back(text::printable(
        fmt::format("{}: {} rows ({})", note, rows.size(), fmt::join(plugins, ", "))));
  }
  return out;
}

std::string verdict_line(const RunComparison& c) {
  std::map<Verdict, std::size_t> counts;
  for (const auto& row : c.rows) ++counts[row.verdict];
  std::vector<std::string> parts;
  for (Verdict v : {Verdict::slower, Verdict::faster, Verdict::same, Verdict::inconclusive})
    if (counts[v] > 0) parts.push_back(fmt::format("{} {}", counts[v], to_string(v)));
  std::map<std::string, std::size_t> withheld;
  for (const auto& row : c.rows)
    if (!row.withheld.empty()) ++withheld[row.withheld];
  if (!withheld.empty()) {
    std::size_t total = 0;
    std::vector<std::string> kinds;
    for (const auto& [kind, count] : withheld) {
      total += count;
      kinds.push_back(fmt::format("{} {}", count, kind));
    }
    parts.push_back(fmt::format("of which {} withheld ({})", total, fmt::join(kinds, ", ")));
  }
  std::size_t broken = 0;
  for (const auto& cell : c.uncompared) broken += cell.broken ? 1 : 0;
  if (broken > 0) parts.push_back(fmt::format("{} broken", broken));
  if (!c.count_changes.empty()) parts.push_back(count_changes_part(c.count_changes));
  if (parts.empty()) parts.emplace_back("nothing compared");
  const int code = exit_code(c);
  const char* meaning = code == kExitRegression     ? "regression"
                        : code == kExitInconclusive ? "inconclusive"
                        : c.rows.empty()            ? "no verdict needed"
                                                    : "no regression";
  return fmt::format("{} -> exit {} ({})", fmt::join(parts, ", "), code, meaning);
}

std::string comparison_text(const RunComparison& comparison, bool colour) {
  return text_output(comparison, false, colour);
}

std::string comparison_markdown(const RunComparison& comparison) {
  return text_output(comparison, true, false);
}

std::vector<std::string> uncompared_lines(const RunComparison& c, std::string_view broken_note) {
  std::vector<std::string> out;
  for (const auto& cell : c.uncompared)
    out.push_back(fmt::format("{} {}: base {}, new {}{}{}", text::printable(cell.plugin),
                              text::printable(cell.point), to_string(cell.base_status),
                              to_string(cell.new_status),
                              cell.reason.empty() ? "" : ": " + text::printable(cell.reason),
                              cell.broken ? broken_note : ""));
  return out;
}

}  // namespace rb::compare
