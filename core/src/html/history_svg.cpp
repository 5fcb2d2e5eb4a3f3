#include "html/history_svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "html/chart_axes.h"
#include "html/html_text.h"
#include "report/number_format.h"
#include "workload/registry.h"

namespace rb::html {
namespace {

constexpr double kWidth = 520;
constexpr double kHeight = 230;
constexpr double kLeft = 70;  // the value labels and the axis title
constexpr double kRight = 14;
constexpr double kTop = 26;     // the change points' labels
constexpr double kBottom = 44;  // the run labels and the axis title
constexpr std::size_t kMostRunLabels = 7;

// Maps run positions and values onto the plot area.
struct Axes {
  std::size_t points = 1;
  ValueAxis value;
  // The first and last run stand off the frame, so their whiskers are not drawn on it.
  double x(double i) const {
    const double span = points > 1 ? static_cast<double>(points - 1) : 1.0;
    const double inset = 14;
    return kLeft + inset + (kWidth - kLeft - kRight - 2 * inset) * (points > 1 ? i / span : 0.5);
  }
  double y(double v) const {
    return kTop + (kHeight - kTop - kBottom) * (1 - (v - value.low) / (value.high - value.low));
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
  double low = INFINITY;
  double high = -INFINITY;
  for (std::size_t i : shown) {
    const auto& p = s.history.points[i];
    for (double v : {p.median, p.ci_low, p.ci_high})
      if (std::isfinite(v)) {
        low = std::min(low, v);
        high = std::max(high, v);
      }
  }
  // Times, rates, sizes: none is below zero, so neither is the axis.
  a.value = value_axis(low, high, true);
  return a;
}

// "p99_us (us)": the metric and the unit its workload declares.
std::string value_title(const store::CellHistory& h) {
  for (const auto& info : workload::metrics_for_workload(h.workload))
    if (info.name == h.metric && !info.unit.empty()) return h.metric + " (" + info.unit + ")";
  return h.metric;
}

// The grid, the value ticks and the axis titles.
std::string frame_svg(const Axes& a, const store::SeriesChanges& s,
                      const std::vector<std::size_t>& shown) {
  const double right = kWidth - kRight;
  std::string out;
  for (const double tick : a.value.ticks)
    out += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" "
        "stroke=\"#e4e4e4\"/><text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        kLeft, right, a.y(tick), kLeft - 4, a.y(tick) + 3.5,
        escape(report::format_significant(tick, 3)));
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#bbb\"/>\n", kLeft,
      kTop, kWidth - kLeft - kRight, kHeight - kTop - kBottom);
  const double middle = (kTop + kHeight - kBottom) / 2;
  out += fmt::format(
      "<text class=\"axis-title\" x=\"14\" y=\"{0:.1f}\" text-anchor=\"middle\" "
      "transform=\"rotate(-90 14 {0:.1f})\">{1}</text>\n",
      middle, escape(value_title(s.history)));
  // Every k-th run labelled, the last one always: at most kMostRunLabels labels.
  const std::size_t every = (shown.size() + kMostRunLabels - 1) / kMostRunLabels;
  for (std::size_t k = 0; k < shown.size(); ++k) {
    if (k % std::max<std::size_t>(every, 1) != 0 && k + 1 != shown.size()) continue;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       a.x(static_cast<double>(k)), kHeight - kBottom + 13,
                       s.history.points[shown[k]].run_id);
  }
  out += fmt::format(
      "<text class=\"axis-title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">stored run "
      "(oldest to newest)</text>\n",
      (kLeft + right) / 2, kHeight - 8);
  return out;
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
  out += frame_svg(a, s, shown);
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
    // Said on the chart, not only in a tooltip: where the level moved and by how much.
    out += fmt::format(
        "<text class=\"change-label\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" "
        "fill=\"#c0392b\">{:+.1f}% at run {}</text>\n",
        x, kTop - 6, 100 * cp.relative_change, at.run_id);
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
    out += "<figure class=\"history\">" + history_svg(*s, current_run) + "<figcaption>" +
           escape(caption) + "</figcaption></figure>\n";
  }
  return out + "</div>\n";
}

}  // namespace rb::html
