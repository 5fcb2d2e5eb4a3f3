// The HTML report: for each run a section with its verdicts against a baseline, its plots,
// its cells' history (when stored), its result tables, the cells without results and its
// context; above them one card per run with the verdict at a glance.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/run_comparison.h"
#include "html/bisect_section.h"
#include "model/results.h"
#include "store/history_changes.h"

namespace rb::html {

struct ReportPlot {
  std::string caption;
  std::string png;  // the PNG file's bytes, embedded as a data: URI
};

struct ReportSection {
  std::string title;  // "smoke: run 12"
  std::string label;  // where the run came from, in full
  const RunResult* run = nullptr;
  std::optional<compare::RunComparison> comparison;
  std::string baseline_note;  // why there is no comparison, when there is none
  std::vector<ReportPlot> plots;
  std::string plots_note;  // why there are no plots, when there are none
  // The run's cells in the history store (their series of run medians and change points);
  // no History heading at all when the run has no store behind it and nothing is noted.
  std::vector<store::SeriesChanges> history;
  std::string history_note;    // why there is no history, or what it covers
  std::int64_t store_run = 0;  // the run's id in the store (0: not stored)
  // The bisect the run was a step of (its bisect.json), or why that file could not be read.
  std::optional<BisectPath> bisect;
  std::string bisect_note;
};

std::string render_report(const std::string& title, const std::vector<ReportSection>& sections,
                          const std::string& generated_at);

// The page as one input: what render_report takes.
struct ReportPage {
  std::string title;
  std::vector<ReportSection> sections;
  std::string generated_at;
};

std::string render_page(const ReportPage& page);

}  // namespace rb::html
