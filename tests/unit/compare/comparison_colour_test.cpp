// `runner compare`'s table in colour: the verdict words and the verdict line painted by what
// they say, the columns where the plain table has them, and no escape in any other format.
#include <gtest/gtest.h>

#include <string>

#include "../../support/without_escapes.h"
#include "cli/reporters.h"
#include "compare/comparison_output.h"
#include "compare/verdict_tint.h"
#include "synthetic_runs.h"

namespace rb::compare {
namespace {

using rbtest::without_escapes;

// The new run scaled by `scale` against a base of scale 1 (flower: lower is better).
RunComparison scaled(double scale) {
  rb::testing::SyntheticOptions o;
  const RunResult base = rb::testing::synthetic_flower_run(o);
  o.seed = 2;
  o.scale = scale;
  RunComparison c = compare_runs(base, rb::testing::synthetic_flower_run(o), {});
  c.base_label = "base-run";
  c.new_label = "new-run";
  return c;
}

std::string formatted(const RunComparison& c, std::string_view format, bool colour) {
  return cli::render(cli::OutputKind::comparison, format, {.part = &c, .colour = colour}).text;
}

TEST(ComparisonColour, SlowerIsRedAndTheRegressionLineToo) {
  const std::string text = formatted(scaled(1.2), "table", true);
  EXPECT_NE(text.find("\033[31mslower\033[0m"), std::string::npos) << text;
  EXPECT_NE(text.find("verdict: \033[31m8 slower -> exit 1 (regression)\033[0m\n"),
            std::string::npos)
      << text;
}

TEST(ComparisonColour, FasterIsGreen) {
  const std::string text = formatted(scaled(0.8), "table", true);
  EXPECT_NE(text.find("\033[32mfaster\033[0m"), std::string::npos) << text;
  EXPECT_EQ(text.find("\033[31m"), std::string::npos) << text;
}

TEST(ComparisonColour, TheColumnsAreThePlainTables) {
  for (double scale : {0.8, 1.0, 1.2}) {
    const RunComparison c = scaled(scale);
    EXPECT_EQ(without_escapes(formatted(c, "table", true)), formatted(c, "table", false));
  }
}

TEST(ComparisonColour, NoFormatButTheConsoleTableIsEverPainted) {
  const RunComparison c = scaled(1.2);
  EXPECT_EQ(formatted(c, "table", false).find('\033'), std::string::npos);
  for (const char* format : {"md", "json", "csv"})
    EXPECT_EQ(formatted(c, format, true).find('\033'), std::string::npos) << format;
}

TEST(VerdictTint, EachVerdictItsColour) {
  CellComparison row;
  row.verdict = Verdict::slower;
  EXPECT_EQ(verdict_tint(row), text::Tint::red);
  row.verdict = Verdict::faster;
  EXPECT_EQ(verdict_tint(row), text::Tint::green);
  row.verdict = Verdict::same;
  EXPECT_EQ(verdict_tint(row), text::Tint::dim);
  row.verdict = Verdict::inconclusive;
  EXPECT_EQ(verdict_tint(row), text::Tint::yellow);
  row.verdict = Verdict::slower;
  row.withheld = "disturbed";  // withheld: no answer, whatever the numbers said
  EXPECT_EQ(verdict_tint(row), text::Tint::yellow);
}

TEST(VerdictTint, TheVerdictLineByItsExitCode) {
  EXPECT_EQ(exit_tint(kExitRegression), text::Tint::red);
  EXPECT_EQ(exit_tint(kExitInconclusive), text::Tint::yellow);
  EXPECT_EQ(exit_tint(kExitNoRegression), text::Tint::green);
  EXPECT_EQ(exit_tint(kExitError), text::Tint::none);
}

}  // namespace
}  // namespace rb::compare
