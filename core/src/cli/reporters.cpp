#include "cli/reporters.h"

#include <algorithm>
#include <stdexcept>

#include "compare/comparison_json.h"
#include "compare/comparison_output.h"
#include "export/bencher_bmf.h"
#include "export/github_action_benchmark.h"
#include "export/google_benchmark.h"
#include "export/hdr_percentiles.h"
#include "html/html_report.h"
#include "report/atomic_file.h"
#include "report/console_table.h"
#include "report/listing.h"
#include "report/summary_csv.h"
#include "report/summary_json.h"
#include "report/summary_md.h"

namespace rb::cli {
namespace {

// A format of a run or of a comparison: a function of it, or of it and whether to colour.
template <auto format>
const report::Reporter* of_run() {
  return &report::formatter<RunResult, format>();
}

template <auto format>
const report::Reporter* of_comparison() {
  return &report::formatter<compare::RunComparison, format>();
}

template <auto format>
const report::Reporter* of_listing() {
  return &report::formatter<report::Listing, format>();
}

}  // namespace

const std::vector<ReporterEntry>& reporter_table() {
  using exporting::Direction;
  static const std::vector<ReporterEntry> table = {
      {OutputKind::result_file, "summary.json", {}, of_run<report::format_summary_json>()},
      {OutputKind::result_file, "summary.csv", {}, of_run<report::format_summary_csv>()},
      {OutputKind::result_file, "summary.md", {}, of_run<report::format_summary_md>()},
      {OutputKind::console, "table", {}, of_run<report::format_console_tables>()},
      {OutputKind::export_format,
       "google-benchmark",
       {"gbench", "googlebenchmark"},
       &exporting::google_benchmark_reporter()},
      {OutputKind::export_format, "bencher", {"bmf"}, &exporting::bencher_bmf_reporter()},
      {OutputKind::export_format,
       "hdr-percentiles",
       {"hgrm"},
       &exporting::hdr_percentiles_reporter()},
      {OutputKind::export_format,
       "custom-smaller-is-better",
       {"customSmallerIsBetter"},
       &exporting::github_action_benchmark_reporter(Direction::smaller_is_better)},
      {OutputKind::export_format,
       "custom-bigger-is-better",
       {"customBiggerIsBetter"},
       &exporting::github_action_benchmark_reporter(Direction::bigger_is_better)},
      {OutputKind::comparison, "table", {}, of_comparison<compare::comparison_text>()},
      {OutputKind::comparison, "md", {"markdown"}, of_comparison<compare::comparison_markdown>()},
      {OutputKind::comparison, "json", {}, of_comparison<compare::comparison_json>()},
      {OutputKind::comparison, "csv", {}, of_comparison<compare::comparison_csv>()},
      {OutputKind::html_page,
       "html",
       {},
       &report::formatter<html::ReportPage, html::render_page>()},
      {OutputKind::history, "table", {}, of_listing<report::format_listing_text>()},
      {OutputKind::history, "md", {}, of_listing<report::format_listing_markdown>()},
      {OutputKind::history, "json", {}, of_listing<report::format_listing_json>()},
  };
  return table;
}

std::vector<const ReporterEntry*> reporters_of(OutputKind kind) {
  std::vector<const ReporterEntry*> out;
  for (const auto& entry : reporter_table())
    if (entry.kind == kind) out.push_back(&entry);
  return out;
}

const ReporterEntry* find_reporter(OutputKind kind, std::string_view name) {
  for (const ReporterEntry* entry : reporters_of(kind)) {
    const auto& aliases = entry->aliases;
    if (entry->name == name || std::find(aliases.begin(), aliases.end(), name) != aliases.end())
      return entry;
  }
  return nullptr;
}

std::string reporter_choices(OutputKind kind, std::string_view last) {
  const auto entries = reporters_of(kind);
  std::string out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i > 0) out += i + 1 == entries.size() ? last : ", ";
    out += entries[i]->name;
  }
  return out;
}

std::vector<std::string> reporter_names(OutputKind kind) {
  std::vector<std::string> names;
  for (const ReporterEntry* entry : reporters_of(kind)) {
    names.emplace_back(entry->name);
    names.insert(names.end(), entry->aliases.begin(), entry->aliases.end());
  }
  return names;
}

void write_result_files(const RunResult& run, const std::filesystem::path& dir) {
  for (const ReporterEntry* file : reporters_of(OutputKind::result_file))
    report::write_file_atomically(dir / file->name, file->reporter->render({.run = &run}).text);
}

report::Rendered render(OutputKind kind, std::string_view name, const report::ReportInput& input) {
  const ReporterEntry* entry = find_reporter(kind, name);
  if (entry == nullptr) throw std::logic_error("no output format '" + std::string(name) + "'");
  return entry->reporter->render(input);
}

}  // namespace rb::cli
