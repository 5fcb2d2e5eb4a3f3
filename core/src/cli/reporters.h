// Every output format of the runner in one table (the Reporter interface is
// report/reporter.h): the commands choose from it by kind and name and know no format.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "report/reporter.h"

namespace rb::cli {

enum class OutputKind {
  result_file,    // written into a run's results directory, named as the entry
  console,        // printed after a run
  export_format,  // `runner export --format`
  comparison,     // `runner compare --format`
  html_page,      // `runner report --html`
  history,        // `runner history --format`
};

// The formats a command uses without being asked: a console's table, `runner report`'s page.
inline constexpr std::string_view kTableFormat = "table";
inline constexpr std::string_view kHtmlPageFormat = "html";

struct ReporterEntry {
  OutputKind kind;
  std::string name;                  // a result file's name, or what --format takes
  std::vector<std::string> aliases;  // also accepted: other tools' names for their format
  const report::Reporter* reporter;
};

// Every entry; within a kind, in the order the formats are listed to the user.
const std::vector<ReporterEntry>& reporter_table();

std::vector<const ReporterEntry*> reporters_of(OutputKind kind);

// By name or alias; nullptr when the kind has no such format.
const ReporterEntry* find_reporter(OutputKind kind, std::string_view name);

// "a, b, c or d" (last = " or "), the names of a kind's formats, for an error message.
std::string reporter_choices(OutputKind kind, std::string_view last = " or ");
// Their names and aliases, for CLI11's IsMember (which lists them in --help).
std::vector<std::string> reporter_names(OutputKind kind);

// Every result_file format of the run, each written atomically into dir under its name.
// Throws std::system_error naming the file that could not be written.
void write_result_files(const RunResult& run, const std::filesystem::path& dir);

// The named format's output; std::logic_error when there is no such format.
report::Rendered render(OutputKind kind, std::string_view name, const report::ReportInput& input);

}  // namespace rb::cli
