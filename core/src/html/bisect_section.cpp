#include "html/bisect_section.h"

#include <fmt/format.h>

#include "html/html_text.h"

namespace rb::html {

std::string bisect_html(const BisectPath& path) {
  std::string out = fmt::format(
      "<p>{} (good {} &rarr; bad {}, decided by {})</p>\n<p class=\"muted\">good &rarr; bad: "
      "{}</p>\n",
      escape(path.summary), escape(path.good.substr(0, 12)), escape(path.bad.substr(0, 12)),
      escape(path.decided_by), escape(path.whole));
  out +=
      "<table><thead><tr><th>step</th><th>commit</th><th>subject</th><th>verdict</th>"
      "<th>why</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < path.steps.size(); ++i) {
    const BisectStep& step = path.steps[i];
    out += fmt::format(
        "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>\n", i + 1,
        escape(step.commit.substr(0, 12)), escape(step.subject), escape(step.verdict),
        escape(step.why));
  }
  out += "</tbody></table>\n";
  if (!path.group.empty())
    out +=
        "<p class=\"muted\">Every step's run is stored as group " + escape(path.group) + ".</p>\n";
  return out;
}

}  // namespace rb::html
