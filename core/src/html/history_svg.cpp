#include "html/history_svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "html/html_text.h"
#include "report/number_format.h"

namespace rb::html {
namespace {

constexpr double kWidth = 340;
constexpr double kHeight = 130;
constexpr double kLeft = 44;  // room for the value labels
constexpr double kRight = 8;
constexpr double kTop = 8;
constexpr double kBottom = 18;

// Maps run positions and values onto the plot area.
struct Axes {
  std::size_t points = 1;
  double low = 0;
  double high = 1;
  double x(double i) const {
    const double span = points > 1 ? static_cast<double>(points - 1) : 1.0;
    return kLeft + (kWidth - kLeft - kRight) * (points > 1 ? i / span : 0.5);
  }
  double y(double v) const {
    return kTop + (kHeight - kTop - kBottom) * (1 - (v - low) / (high - low));
  }
};

// The runs drawn: every ok one, disturbed ones too (hollow, left out of the series), so a
// chart shows what the store holds and where the change points were found among it.
std::vector<std::size_t> shown_points(const store::SeriesChanges& s) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < s.history.points.size(); ++i) {
    const auto& p = s.history.points[i];
    if (p.cell_status == "ok" && std::isfinite(p.median)) out.push_back(i);
  }
  return out;
}

Axes axes_for(const store::SeriesChanges& s, const std::vector<std::size_t>& shown) {
  Axes a;
  a.points = shown.size();
  a.low = INFINITY;
  a.high = -INFINITY;
  for (std::size_t i : shown) {
    const auto& p = s.history.points[i];
    for (double v : {p.median, p.ci_low, p.ci_high})
      if (std::isfinite(v) && v > 0) {
        a.low = std::min(a.low, v);
        a.high = std::max(a.high, v);
      }
  }
  if (!std::isfinite(a.low)) {
    a.low = 0;
    a.high = 1;
  }
  // A flat series still gets some height: at least +-2% around its values.
  const double pad = std::max((a.high - a.low) * 0.08, std::abs(a.high) * 0.02);
  a.low -= pad;
  a.high += pad;
  return a;
}

double segment_median(const store::SeriesChanges& s, std::size_t from, std::size_t to) {
  std::vector<double> values;
  for (std::size_t i = from; i < to; ++i) values.push_back(s.history.points[s.used[i]].median);
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

std::string history_svg(const store::SeriesChanges& s, std::int64_t current_run) {
  const std::vector<std::size_t> shown = shown_points(s);
  const Axes a = axes_for(s, shown);
  // Position on the x axis of each stored point (its place among the shown ones).
  std::vector<double> position(s.history.points.size(), 0);
  for (std::size_t k = 0; k < shown.size(); ++k) position[shown[k]] = static_cast<double>(k);
  const auto at_used = [&](std::size_t u) { return position[s.used[u]]; };

  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\" font-family=\"sans-serif\" font-size=\"10\">\n",
      kWidth, kHeight);
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#ddd\"/>\n", kLeft,
      kTop, kWidth - kLeft - kRight, kHeight - kTop - kBottom);
  out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", kLeft - 3,
                     kTop + 8, escape(report::format_or_na(a.high)));
  out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", kLeft - 3,
                     kHeight - kBottom, escape(report::format_or_na(a.low)));
  if (shown.empty()) return out + "</svg>";

  // Each segment's level (its median), between the change points.
  if (!s.used.empty()) {
    std::vector<std::size_t> bounds = {0};
    for (const auto& cp : s.change_points) bounds.push_back(cp.index);
    bounds.push_back(s.used.size());
    const double last_position = static_cast<double>(shown.size() - 1);
    for (std::size_t b = 0; b + 1 < bounds.size(); ++b) {
      const double level = segment_median(s, bounds[b], bounds[b + 1]);
      out += fmt::format(
          "<line class=\"level\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" "
          "stroke=\"#8aa\" stroke-dasharray=\"4 3\"/>\n",
          a.x(std::max(at_used(bounds[b]) - 0.3, 0.0)),
          a.x(std::min(at_used(bounds[b + 1] - 1) + 0.3, last_position)), a.y(level), a.y(level));
    }
  }
  for (const auto& cp : s.change_points) {
    const auto& at = s.at(cp);
    const double x = a.x((at_used(cp.index - 1) + at_used(cp.index)) / 2);
    out += fmt::format(
        "<line class=\"change-point\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" "
        "stroke=\"#c0392b\" stroke-width=\"1.5\"><title>change point at run {3} ({4}): {5} -> "
        "{6} ({7:+.1f}%), p = {8:.3f}</title></line>\n",
        x, kTop, kHeight - kBottom, at.run_id, escape(at.started_at),
        escape(report::format_or_na(cp.before)), escape(report::format_or_na(cp.after)),
        100 * cp.relative_change, cp.p_value);
  }
  // The runs: CI whisker, then the median; the series joined by a line; the report's own
  // run in another colour; disturbed runs hollow and grey, outside the line.
  std::string path;
  for (std::size_t u = 0; u < s.used.size(); ++u) {
    const auto& p = s.history.points[s.used[u]];
    path += fmt::format("{}{:.1f},{:.1f}", u == 0 ? "M" : " L", a.x(at_used(u)), a.y(p.median));
  }
  if (!path.empty())
    out += "<path d=\"" + path + "\" fill=\"none\" stroke=\"#2c7fb8\" stroke-width=\"1\"/>\n";
  for (std::size_t i : shown) {
    const auto& p = s.history.points[i];
    const double x = a.x(position[i]);
    if (std::isfinite(p.ci_low) && std::isfinite(p.ci_high) && p.ci_high > p.ci_low)
      out += fmt::format(
          "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"#999\"/>\n",
          x, a.y(p.ci_low), a.y(p.ci_high));
    const bool current = p.run_id == current_run;
    const bool left_out = std::find(s.used.begin(), s.used.end(), i) == s.used.end();
    const char* colour = current ? "#e67e22" : left_out ? "#aaa" : "#2c7fb8";
    out += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\" stroke=\"{}\"><title>run {} "
        "({}): {} [{}, {}]{}</title></circle>\n",
        x, a.y(p.median), current ? 3.5 : 2.2, left_out ? "#fff" : colour, colour, p.run_id,
        escape(p.started_at), escape(report::format_or_na(p.median)),
        escape(report::format_or_na(p.ci_low)), escape(report::format_or_na(p.ci_high)),
        left_out ? " disturbed: left out of the series" : "");
  }
  const auto& first = s.history.points[shown.front()];
  const auto& last = s.history.points[shown.back()];
  out += fmt::format("<text x=\"{}\" y=\"{}\">run {}</text>\n", kLeft, kHeight - 4, first.run_id);
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">run {}</text>\n", kWidth - kRight,
                     kHeight - 4, last.run_id);
  return out + "</svg>";
}

std::string history_html(const std::vector<store::SeriesChanges>& series, std::int64_t current_run,
                         const std::string& note) {
  if (series.empty()) return "<p class=\"muted\">" + escape(note) + "</p>\n";
  std::vector<const store::SeriesChanges*> order;
  for (const auto& s : series) order.push_back(&s);
  std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    return !a->change_points.empty() && b->change_points.empty();
  });
  const auto with_changes = static_cast<std::size_t>(std::count_if(
      series.begin(), series.end(), [](const auto& s) { return !s.change_points.empty(); }));
  std::string out = fmt::format(
      "<p class=\"muted\">Each cell's median run by run (whiskers: the run's 95% CI; orange: "
      "this run; hollow grey: a disturbed run, left out; dashed: the level of each segment; red: "
      "a change point, E-Divisive means, p &lt; alpha by permutation test). {} of {} series have "
      "change points.{}</p>\n",
      with_changes, series.size(), note.empty() ? "" : " " + escape(note));
  out += "<div class=\"plots\">\n";
  for (const auto* s : order) {
    const auto& h = s->history;
    std::string caption = fmt::format("{} {} {}: {}", h.plugin, h.point, h.metric,
                                      s->change_points.empty() ? "no change point" : "");
    for (std::size_t i = 0; i < s->change_points.size(); ++i) {
      const auto& cp = s->change_points[i];
      caption += fmt::format("{}run {} {:+.1f}%", i == 0 ? "" : ", ", s->at(cp).run_id,
                             100 * cp.relative_change);
    }
    if (s->disturbed > 0) caption += fmt::format(" ({} disturbed left out)", s->disturbed);
    out += "<figure>" + history_svg(*s, current_run) + "<figcaption>" + escape(caption) +
           "</figcaption></figure>\n";
  }
  return out + "</div>\n";
}

}  // namespace rb::html
