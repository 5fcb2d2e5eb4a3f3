// `runner history`'s listings as the reporters table renders them: a console table (painted
// only when asked), Markdown, JSON.
#include "report/listing.h"

#include <gtest/gtest.h>

#include "cli/reporters.h"

namespace rb::cli {
namespace {

report::Listing sample_listing() {
  report::Listing listing;
  listing.line("history check: run 7");
  listing.heading("flower muduo pipes=100: setup_us");
  text::TextTable table;
  table.header = {"run", "median"};
  table.right_aligned = {true, true};
  table.rows = {{"7", "1.5"}};
  listing.table(table);
  listing.line("0 regressions -> exit 0", text::Tint::green, "history verdict: ");
  listing.json = model::Json{{"exit_code", 0}};
  return listing;
}

std::string rendered(const std::string& format, bool colour = false) {
  const report::Listing listing = sample_listing();
  return render(OutputKind::history, format, {.part = &listing, .colour = colour}).text;
}

TEST(HistoryListing, IsAReporterOfEachFormat) {
  EXPECT_EQ(reporter_choices(OutputKind::history), "table, md or json");
}

TEST(HistoryListing, TableMarkdownAndJson) {
  const std::string table = rendered("table");
  EXPECT_EQ(table.rfind("history check: run 7\nflower muduo pipes=100: setup_us\n", 0), 0U)
      << table;
  EXPECT_NE(table.find("1.5"), std::string::npos) << table;
  EXPECT_TRUE(table.ends_with("history verdict: 0 regressions -> exit 0\n")) << table;
  const std::string md = rendered("md");
  EXPECT_EQ(md.rfind("history check: run 7\n### flower muduo pipes=100: setup_us\n\n|", 0), 0U)
      << md;
  EXPECT_EQ(rendered("json"), "{\n  \"exit_code\": 0\n}\n");
}

TEST(HistoryListing, PaintsOnlyTheTintedTextAndOnlyWhenAsked) {
  EXPECT_EQ(rendered("table").find('\033'), std::string::npos);
  const std::string painted = rendered("table", true);
  EXPECT_NE(
      painted.find("history verdict: " + text::paint("0 regressions -> exit 0", text::Tint::green)),
      std::string::npos)
      << painted;
  EXPECT_EQ(rendered("md", true).find('\033'), std::string::npos);
}

}  // namespace
}  // namespace rb::cli
