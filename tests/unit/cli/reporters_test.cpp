// The one table of output formats: what each command can choose, by name or alias.
#include "cli/reporters.h"

#include <gtest/gtest.h>

namespace rb::cli {
namespace {

std::vector<std::string> names_of(OutputKind kind) {
  std::vector<std::string> out;
  for (const ReporterEntry* entry : reporters_of(kind)) out.push_back(entry->name);
  return out;
}

TEST(Reporters, ARunWritesThreeSummaryFiles) {
  EXPECT_EQ(names_of(OutputKind::result_file),
            (std::vector<std::string>{"summary.json", "summary.csv", "summary.md"}));
}

TEST(Reporters, ExportsAcceptTheOtherToolsNames) {
  EXPECT_EQ(reporter_choices(OutputKind::export_format, ", "),
            "google-benchmark, bencher, hdr-percentiles, custom-smaller-is-better, "
            "custom-bigger-is-better");
  EXPECT_EQ(find_reporter(OutputKind::export_format, "hgrm")->name, "hdr-percentiles");
  EXPECT_EQ(find_reporter(OutputKind::export_format, "gbench")->name, "google-benchmark");
  EXPECT_EQ(find_reporter(OutputKind::export_format, "bmf")->name, "bencher");
  EXPECT_EQ(find_reporter(OutputKind::export_format, "customBiggerIsBetter")->name,
            "custom-bigger-is-better");
  EXPECT_EQ(find_reporter(OutputKind::export_format, "summary.json"), nullptr);
}

TEST(Reporters, EveryEntryHasAReporter) {
  for (const auto& entry : reporter_table()) EXPECT_NE(entry.reporter, nullptr) << entry.name;
}

TEST(Reporters, AMissingInputIsTheCallersMistake) {
  EXPECT_THROW(render(OutputKind::console, "table", {}), std::logic_error);
  EXPECT_THROW(render(OutputKind::console, "no-such-format", {}), std::logic_error);
}

}  // namespace
}  // namespace rb::cli
