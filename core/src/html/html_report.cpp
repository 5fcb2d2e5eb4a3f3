#include "html/html_report.h"

#include <fmt/format.h>

#include "compare/comparison_output.h"
#include "html/history_svg.h"
#include "html/html_page.h"
#include "html/html_tables.h"
#include "html/html_text.h"

namespace rb::html {
namespace {

// The badge for a section: what its comparison's exit code would say.
std::pair<std::string, std::string> badge_of(const ReportSection& section) {
  if (!section.comparison) return {"none", "no baseline"};
  switch (compare::exit_code(*section.comparison)) {
    case compare::kExitRegression:
      return {"regression", "regression"};
    case compare::kExitInconclusive:
      return {"inconclusive", "inconclusive"};
    default:
      return {"ok", "no regression"};
  }
}

std::string anchor_of(std::size_t index, const ReportSection& section) {
  return fmt::format("s{}-{}", index + 1, slug(section.title));
}

std::string card(std::size_t index, const ReportSection& section) {
  const auto [cls, text] = badge_of(section);
  std::string out =
      fmt::format("<div class=\"card\"><a href=\"#{}\">{}</a> <span class=\"badge {}\">{}</span>",
                  anchor_of(index, section), escape(section.title), cls, escape(text));
  if (section.comparison)
    out += "<div class=\"muted\">" + escape(compare::verdict_line(*section.comparison)) + "</div>";
  else if (!section.baseline_note.empty())
    out += "<div class=\"muted\">" + escape(section.baseline_note) + "</div>";
  return out + "</div>\n";
}

std::string plots_html(const ReportSection& section) {
  if (section.plots.empty())
    return section.plots_note.empty()
               ? ""
               : "<p class=\"muted\">" + escape(section.plots_note) + "</p>\n";
  std::string out = "<div class=\"plots\">\n";
  for (const auto& plot : section.plots)
    out += fmt::format(
        "<figure><img alt=\"{0}\" src=\"data:image/png;base64,{1}\"><figcaption>{0}</figcaption>"
        "</figure>\n",
        escape(plot.caption), base64(plot.png));
  return out + "</div>\n";
}

std::string section_html(std::size_t index, const ReportSection& section) {
  const RunResult& run = *section.run;
  std::string out =
      fmt::format("<h2 id=\"{}\">{}</h2>\n<p class=\"muted\">{}</p>\n", anchor_of(index, section),
                  escape(section.title), escape(section.label));
  out += "<h3>Against the baseline</h3>\n";
  if (section.comparison) {
    const auto [cls, text] = badge_of(section);
    out += fmt::format("<p><span class=\"badge {}\">{}</span> {}</p>\n", cls, escape(text),
                       escape(compare::verdict_line(*section.comparison)));
    out += comparison_html(*section.comparison);
  } else {
    out += "<p class=\"muted\">" +
           escape(section.baseline_note.empty() ? "No baseline given." : section.baseline_note) +
           "</p>\n";
  }
  if (section.bisect)
    out += "<h3>Bisect</h3>\n" + bisect_html(*section.bisect);
  else if (!section.bisect_note.empty())
    out += "<h3>Bisect</h3>\n<p class=\"muted\">" + escape(section.bisect_note) + "</p>\n";
  out += "<h3>Plots</h3>\n" + plots_html(section);
  if (!section.history.empty() || !section.history_note.empty())
    out += "<h3>History</h3>\n" +
           history_html(section.history, section.store_run, section.history_note);
  out += results_html(run);
  out += not_ok_html(run);
  out += "<details><summary>Context and plugin provenance</summary>\n" + context_html(run) +
         "</details>\n";
  return out;
}

}  // namespace

std::string render_report(const std::string& title, const std::vector<ReportSection>& sections,
                          const std::string& generated_at) {
  std::string body = "<h1>" + escape(title) + "</h1>\n";
  body += "<p class=\"muted\">generated " + escape(generated_at) +
          " by reactorbench; verdicts: slower/faster only when significant (Mann-Whitney) and "
          "beyond the noise threshold, same when the CI of the ratio lies inside it</p>\n";
  body += "<div class=\"summary\">\n";
  for (std::size_t i = 0; i < sections.size(); ++i) body += card(i, sections[i]);
  body += "</div>\n";
  for (std::size_t i = 0; i < sections.size(); ++i) body += section_html(i, sections[i]);
  return html_page(title, body);
}

std::string render_page(const ReportPage& page) {
  return render_report(page.title, page.sections, page.generated_at);
}

}  // namespace rb::html
