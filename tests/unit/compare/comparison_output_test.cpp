// The four output formats of a comparison say the same thing.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/reporters.h"
#include "compare/comparison_json.h"
#include "compare/comparison_output.h"
#include "synthetic_runs.h"

namespace rb::compare {
namespace {

RunComparison slowdown() {
  rb::testing::SyntheticOptions o;
  const RunResult base = rb::testing::synthetic_flower_run(o);
  o.seed = 2;
  o.scale = 1.2;
  RunComparison c = compare_runs(base, rb::testing::synthetic_flower_run(o), {});
  c.base_label = "base-run";
  c.new_label = "new-run";
  return c;
}

// Through the table `runner compare --format` chooses from.
std::string formatted(const RunComparison& c, std::string_view format) {
  return cli::render(cli::OutputKind::comparison, format, {.part = &c}).text;
}

TEST(ComparisonOutput, TableShowsVaryingParamsVerdictsAndTheExitCode) {
  const std::string text = formatted(slowdown(), "table");
  EXPECT_NE(text.find("base: base-run"), std::string::npos);
  EXPECT_NE(text.find("fixed: active=100 writes=100 transport=socketpair"), std::string::npos);
  EXPECT_NE(text.find("pipes=1000"), std::string::npos);
  EXPECT_NE(text.find("slower"), std::string::npos);
  EXPECT_NE(text.find("Geometric mean"), std::string::npos);
  EXPECT_NE(text.find("verdict: 8 slower -> exit 1 (regression)"), std::string::npos);
}

TEST(ComparisonOutput, MarkdownIsATable) {
  const std::string md = formatted(slowdown(), "md");
  EXPECT_NE(md.find("| plugin | point | metric |"), std::string::npos);
  EXPECT_NE(md.find("|---|---|---|---:|"), std::string::npos);
  EXPECT_NE(md.find("**verdict:**"), std::string::npos);
}

TEST(ComparisonOutput, JsonCarriesEveryRowAndTheExitCode) {
  const auto j = nlohmann::json::parse(formatted(slowdown(), "json"));
  EXPECT_EQ(j.at("exit_code"), 1);
  ASSERT_EQ(j.at("cells").size(), 8u);
  const auto& row = j.at("cells")[0];
  EXPECT_EQ(row.at("verdict"), "slower");
  EXPECT_EQ(row.at("params").at("pipes"), 100);
  EXPECT_TRUE(row.at("p_value").is_number());
  EXPECT_GT(row.at("ci_low").get<double>(), 1.0);
  EXPECT_EQ(j.at("summary").size(), 4u);
}

TEST(ComparisonOutput, JsonStartsWithItsSchemaVersion) {
  const auto j = nlohmann::ordered_json::parse(formatted(slowdown(), "json"));
  EXPECT_EQ(j.begin().key(), "schema_version");
  EXPECT_EQ(j.at("schema_version"), kComparisonSchemaVersion);
}

TEST(ComparisonOutput, CsvHasAHeaderCellRowsAndGeomeanRows) {
  const std::string csv = formatted(slowdown(), "csv");
  EXPECT_EQ(csv.rfind("kind,plugin,workload,point,metric,", 0), 0u);
  std::size_t cells = 0, geomeans = 0;
  for (std::size_t pos = 0; (pos = csv.find('\n', pos)) != std::string::npos; ++pos) {
    if (csv.compare(pos + 1, 5, "cell,") == 0) ++cells;
    if (csv.compare(pos + 1, 8, "geomean,") == 0) ++geomeans;
  }
  EXPECT_EQ(cells, 8u);
  EXPECT_EQ(geomeans, 4u);
}

TEST(ComparisonOutput, FormatNames) {
  using cli::OutputKind;
  EXPECT_EQ(cli::find_reporter(OutputKind::comparison, "md")->name, "md");
  EXPECT_EQ(cli::find_reporter(OutputKind::comparison, "markdown")->name, "md");
  EXPECT_EQ(cli::find_reporter(OutputKind::comparison, "xml"), nullptr);
  EXPECT_EQ(cli::reporter_choices(OutputKind::comparison), "table, md, json or csv");
}

TEST(ComparisonOutput, NumberHelpers) {
  EXPECT_EQ(change_text(1.2034), "+20.3%");
  EXPECT_EQ(change_text(0.9), "-10.0%");
  EXPECT_EQ(p_text(0.0001), "<0.001");
  EXPECT_EQ(p_text(0.031), "0.031");
  EXPECT_EQ(interval_text({1, 0.95, 1.05, 0.95}), "[-5.0%, +5.0%]");
}

}  // namespace
}  // namespace rb::compare

namespace rb::compare {
namespace {

// Issue 31, item 6: host, kernel, compiler, git revision and plugin names come from results
// files; an ESC or an OSC sequence in them reaches the terminal escaped, never raw.
TEST(ComparisonText, StringsFromResultsFilesArePrintedThroughThePrintablePath) {
  testing::SyntheticOptions o;
  RunResult base = testing::synthetic_flower_run(o);
  o.seed = 2;
  RunResult next = testing::synthetic_flower_run(o);
  next.context.host = "evil\x1b]0;pwned\x07host";
  next.context.kernel = "6.1\x1b[2J";
  next.context.git_revision = "abc\x1b[31m";
  for (auto& cell : next.cells) cell.cell.plugin += "\x1b[5m";
  RunComparison c = compare_runs(base, next, {});
  c.base_label = "base\x1b[1m";
  c.new_label = "new\x9b";
  for (const std::string& out : {comparison_text(c, false), comparison_markdown(c)}) {
    EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
    EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
    EXPECT_NE(out.find("evil"), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace rb::compare
