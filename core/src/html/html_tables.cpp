#include "html/html_tables.h"

#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compare/comparison_output.h"
#include "html/html_text.h"
#include "html/reason_groups.h"
#include "report/comparison_table.h"
#include "report/not_ok_cells.h"

namespace rb::html {
namespace {

std::string cell_tag(const std::string& tag, const std::string& text, const std::string& cls) {
  const std::string attr = cls.empty() ? "" : " class=\"" + cls + "\"";
  return "<" + tag + attr + ">" + escape(text) + "</" + tag + ">";
}

std::string list_html(const std::vector<std::string>& items) {
  std::string out = "<ul>\n";
  for (const auto& item : items) out += "<li>" + escape(item) + "</li>\n";
  return out + "</ul>\n";
}

bool answered(compare::Verdict verdict) {
  using compare::Verdict;
  return verdict == Verdict::slower || verdict == Verdict::faster || verdict == Verdict::same;
}

std::vector<VerdictRow> verdict_rows(const compare::RunComparison& c, const text::TextTable& t) {
  std::vector<VerdictRow> out;
  for (std::size_t r = 0; r < c.rows.size() && r < t.rows.size(); ++r)
    out.push_back({t.rows[r][0], t.rows[r][1], t.rows[r][2], to_string(c.rows[r].verdict),
                   c.rows[r].reason, answered(c.rows[r].verdict) && c.rows[r].withheld.empty()});
  return out;
}

std::string verdict_row_html(const compare::RunComparison& c, const text::TextTable& t,
                             std::size_t r) {
  std::string out = "<tr>";
  const std::string verdict = to_string(c.rows[r].verdict);
  for (std::size_t i = 0; i < t.rows[r].size(); ++i) {
    std::string cls = i < t.right_aligned.size() && t.right_aligned[i] ? "num" : "";
    if (t.header[i] == "verdict") cls = "verdict-" + verdict;
    out += cell_tag("td", t.rows[r][i], cls);
  }
  return out + "</tr>\n";
}

// The verdict table, the rows that share a reason without an answer as one row each group.
std::string verdict_rows_html(const compare::RunComparison& c, const text::TextTable& t) {
  const std::vector<VerdictRow> rows = verdict_rows(c, t);
  const std::vector<ReasonGroup> groups = group_repeated_reasons(rows);
  std::vector<const ReasonGroup*> group_of(rows.size(), nullptr);
  for (const auto& group : groups)
    for (const std::size_t r : group.rows) group_of[r] = &group;
  std::string out = "<table>\n<tr>";
  for (const auto& h : t.header) out += cell_tag("th", h, "");
  out += "</tr>\n";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const ReasonGroup* group = group_of[r];
    if (group == nullptr) {
      out += verdict_row_html(c, t, r);
      continue;
    }
    if (group->rows.front() != r) continue;  // the group's row stands where its first did
    out += fmt::format(
        "<tr class=\"group\"><td colspan=\"{}\"><span class=\"verdict-{}\">{} cells: {}: {}"
        "</span><br><span class=\"muted\">{}</span></td></tr>\n",
        t.header.size(), escape(group->verdict), group->rows.size(), escape(group->verdict),
        escape(group->reason), escape(compact_cells(rows, *group)));
  }
  return out + "</table>\n";
}

}  // namespace

std::string table_html(const text::TextTable& table) {
  std::string out = "<table>\n<tr>";
  for (const auto& h : table.header) out += cell_tag("th", h, "");
  out += "</tr>\n";
  for (const auto& row : table.rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool num = i < table.right_aligned.size() && table.right_aligned[i];
      out += cell_tag("td", row[i], num ? "num" : "");
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string comparison_html(const compare::RunComparison& c) {
  std::vector<std::string> fixed;
  const text::TextTable rows = compare::verdict_table(c, fixed);
  std::string out = fmt::format(
      "<p class=\"muted\">base: {}<br>threshold ±{:g}%, alpha {:g}, {:g}% bootstrap CI of the "
      "median ratio new/base{}</p>\n",
      escape(c.base_label), c.rules.threshold * 100, c.rules.alpha, c.rules.ci_level * 100,
      fixed.empty() ? "" : escape("; fixed: " + fmt::format("{}", fmt::join(fixed, " "))));
  for (const auto& note : c.design_notes) out += "<p class=\"note\">" + escape(note) + "</p>\n";
  for (const auto& note : c.context_notes)
    out += "<p class=\"note\">The runs differ in " + escape(note) + "</p>\n";
  if (rows.rows.empty())
    out += "<p>No cell had numbers on both sides.</p>\n";
  else
    out += verdict_rows_html(c, rows);
  if (!c.summaries.empty())
    out +=
        "<h3>Geometric mean of new/base per plugin</h3>\n" + table_html(compare::summary_table(c));
  const std::vector<std::string> flagged = compare::flagged_lines(c);
  if (!flagged.empty()) out += "<h3>Flagged</h3>\n" + list_html(flagged);
  const std::vector<std::string> uncompared =
      compare::uncompared_lines(c, " (broken: counts as a regression)");
  if (!uncompared.empty()) out += "<h3>Not compared</h3>\n" + list_html(uncompared);
  return out;
}

std::string results_html(const RunResult& run) {
  std::string out;
  for (const auto& table : report::build_comparison_tables(run)) {
    std::string fixed;
    for (const auto& p : table.fixed) fixed += " " + p.name + "=" + rb::to_string(p.value);
    out += fmt::format("<h3>{}: {} <span class=\"muted\">median [{:g}% CI]{}</span></h3>\n",
                       escape(table.workload), escape(report::metric_title(table.metric)),
                       table.ci_level * 100, escape(fixed));
    out += table_html(report::as_text_table(table));
  }
  // What the tables' "!" means, cell by cell (exec/interference.h).
  std::vector<std::string> disturbed;
  for (const auto& cell : run.cells)
    if (cell.disturbed && cell.status == CellStatus::ok)
      disturbed.push_back(fmt::format("{} {} {}: {}", cell.cell.workload, cell.cell.plugin,
                                      cell.cell.params_label(), cell.disturbance));
  if (!disturbed.empty())
    out +=
        "<h3>Disturbed (marked !)</h3>\n<p class=\"muted\">Other work, or a hypervisor, took "
        "more than the threshold of these cells' CPUs in a round: their numbers may be the "
        "machine's rather than the code's.</p>\n" +
        list_html(disturbed);
  return out;
}

std::string not_ok_html(const RunResult& run) {
  const auto groups = report::group_not_ok_cells(run);
  if (groups.empty()) return "";
  std::vector<std::string> lines;
  for (const auto& group : groups) lines.push_back(report::describe(group));
  return "<h3>Cells without results</h3>\n" + list_html(lines);
}

std::string context_html(const RunResult& run) {
  const RunContext& c = run.context;
  std::string out = "<table>\n";
  const std::pair<const char*, std::string> facts[] = {
      {"host", c.host},
      {"CPU", fmt::format("{} ({} cores)", c.cpu_model, c.cores)},
      {"kernel", c.kernel},
      {"governor", c.governor.empty() ? "unknown" : c.governor},
      {"load average", c.load_average},
      {"compiler / build", c.compiler + " / " + c.build_type},
      {"git revision", c.git_revision.empty() ? "unknown" : c.git_revision},
      {"runner", c.runner_version},
      {"fd limits", fmt::format("{} soft, {} hard", c.nofile_soft, c.nofile_hard)},
      {"started / finished", c.started_at + " / " + c.finished_at},
      {"config", c.config_path},
      {"command", c.command_line}};
  for (const auto& [name, value] : facts)
    out += "<tr>" + cell_tag("th", name, "") + cell_tag("td", value, "mono") + "</tr>\n";
  if (c.clock_resolution_ns > 0) {  // measured by the run (exec/clock_probe, foreign_processes)
    const std::pair<const char*, std::string> measured[] = {
        {"clock", fmt::format("resolves {:.3g} ns, a read costs {:.3g} ns", c.clock_resolution_ns,
                              c.clock_overhead_ns)},
        {"disturbance threshold", fmt::format("{:.3g}%", c.disturbance_threshold * 100)},
        {"other processes", c.foreign_processes.empty()
                                ? std::string("none seen")
                                : fmt::format("{}", fmt::join(c.foreign_processes, ", "))}};
    for (const auto& [name, value] : measured)
      out += "<tr>" + cell_tag("th", name, "") + cell_tag("td", value, "mono") + "</tr>\n";
  }
  out += "</table>\n";

  text::TextTable plugins;
  plugins.header = {"plugin", "version", "library", "library version", "ABI", "sha256", "path"};
  std::set<std::string> seen;
  for (const auto& cell : run.cells) {
    if (!cell.provenance || !seen.insert(cell.cell.plugin).second) continue;
    const Provenance& p = *cell.provenance;
    plugins.rows.push_back({cell.cell.plugin, p.plugin_version, p.library, p.library_version,
                            fmt::format("{}.{}", p.abi_version >> 16, p.abi_version & 0xffff),
                            p.sha256.substr(0, 16), p.path});
  }
  if (!plugins.rows.empty()) out += "<h3>Plugins</h3>\n" + table_html(plugins);
  return out;
}

}  // namespace rb::html
