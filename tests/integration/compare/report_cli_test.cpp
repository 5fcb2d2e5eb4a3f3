// `runner report` as a reader meets it: a baseline of another config refused as compare
// refuses it, repeated reasons in one row, and the page in a real browser (headless
// Chromium): every plot decoded, every history chart laid out with its axis titles, and a
// screenshot that is not blank.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "../../support/capability.h"
#include "run_helpers.h"
#include "synthetic_runs.h"

namespace {

using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;
using rb::testing::write_results_dir;
using rbtest::run_program;
using rbtest::run_runner;
using rbtest::ScratchDir;

std::string results_of(const ScratchDir& dir, const std::string& name, SyntheticOptions o) {
  const auto path = dir.path() / name;
  write_results_dir(synthetic_flower_run(o), path);
  return path.string();
}

std::string text_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ReportCli, ABaselineWithNoCellInCommonIsRefusedAsCompareRefusesIt) {
  ScratchDir dir;
  const std::string base = results_of(dir, "base", {});
  SyntheticOptions other;
  other.plugins = {"libuv", "libev"};  // another config's cells: no plugin in common
  const std::string next = results_of(dir, "other", other);
  const auto compared = run_runner({"compare", base, next});
  const auto reported = run_runner(
      {"report", next, "--baseline", base, "--html", (dir.path() / "r").string(), "--no-plots"});
  EXPECT_EQ(compared.exit_code, 2);
  EXPECT_EQ(reported.exit_code, 2);
  EXPECT_NE(compared.err.find("have no cell in common (same workload, plugin and parameters)"),
            std::string::npos)
      << compared.err;
  EXPECT_EQ(reported.err, compared.err);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "r" / "report.html"));
}

// Two rounds a side: every row withheld for want of rounds, one reason, one row.
TEST(ReportCli, RowsWithOneReasonAndNoAnswerAreOneRow) {
  ScratchDir dir;
  SyntheticOptions o;
  o.rounds = 2;
  const std::string base = results_of(dir, "base", o);
  o.seed = 2;
  const std::string next = results_of(dir, "next", o);
  const auto r = run_runner(
      {"report", next, "--baseline", base, "--html", (dir.path() / "r").string(), "--no-plots"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = text_of(dir.path() / "r" / "report.html");
  // 2 plugins x 2 points x 2 headline metrics.
  EXPECT_NE(page.find("<tr class=\"group\"><td colspan=\"10\"><span class=\"verdict-inconclusive\">"
                      "8 cells: inconclusive: too few rounds (2 and 2; a verdict needs 3)</span>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("libevent2 setup_us: pipes=100, pipes=1000; libevent2 dispatch_us: "
                      "pipes=100, pipes=1000; muduo setup_us:"),
            std::string::npos)
      << page;
}

// The export command: an export with nothing in it fails (exit 2) and says why; a disturbed
// cell is named on stderr and marked in the file, or left out with --exclude-disturbed.
TEST(ExportCli, AnEmptyExportFailsAndDisturbedCellsAreSaid) {
  ScratchDir dir;
  const std::string run = results_of(dir, "run", {});
  auto r = run_runner({"export", run, "--format", "custom-bigger-is-better"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("error: nothing to export: custom-bigger-is-better takes a "
                       "bigger-is-better metric"),
            std::string::npos)
      << r.err;

  rb::RunResult disturbed = synthetic_flower_run({});
  disturbed.cells[0].disturbed = true;
  disturbed.cells[0].disturbance = "round 1: other work took 30% of the cell's CPUs";
  rb::RoundInterference round;
  round.foreign_cpu_share = 0.3;
  round.disturbed = true;
  disturbed.cells[0].interference = {round};
  const auto path = dir.path() / "disturbed";
  write_results_dir(disturbed, path);
  r = run_runner({"export", path.string(), "--format", "custom-smaller-is-better"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("note: 1 of the exported cells were disturbed"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("DISTURBED: round 1: other work took 30% of the cell's CPUs"),
            std::string::npos)
      << r.out;
  r = run_runner({"export", path.string(), "--format", "bencher", "--exclude-disturbed"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("note: not exported: flower/libevent2/pipes:100/active:100/writes:100/"
                       "transport:socketpair: disturbed: round 1"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("flower/libevent2/pipes:100/"), std::string::npos) << r.out;
}

// What the page did in the browser, written into it by a script the test adds to a copy.
constexpr const char* kRenderCheck = R"(<script>
window.addEventListener('load', () => {
  const images = [...document.images];
  const charts = [...document.querySelectorAll('svg')];
  const out = document.createElement('pre');
  out.id = 'render-check';
  out.textContent = 'images=' + images.length +
    ' decoded=' + images.filter(i => i.complete && i.naturalWidth > 100).length +
    ' charts=' + charts.length +
    ' laid_out=' + charts.filter(c => c.getBoundingClientRect().width > 300 &&
                                      c.getBBox().height > 100).length +
    ' axis_titles=' + document.querySelectorAll('svg .axis-title').length + ' end';
  document.body.appendChild(out);
});
</script>
</body>)";

std::vector<std::string> chromium_args(const ScratchDir& dir) {
  return {"--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run",
          "--hide-scrollbars",
          "--user-data-dir=" + (dir.path() / "chromium-profile").string(),
          "--window-size=1280,3000",
          "--virtual-time-budget=5000"};
}

int count_of(const std::string& text, const std::string& key) {
  std::smatch match;
  const std::regex pattern(key + "=([0-9]+)");
  return std::regex_search(text, match, pattern) ? std::stoi(match[1]) : -1;
}

// The screenshot's share of pixels that are not background, by matplotlib's PNG reader.
constexpr const char* kInkShare = R"(
import sys
import matplotlib.image
image = matplotlib.image.imread(sys.argv[1])[:, :, :3]
print(f"ink={int(1000 * (image.min(axis=2) < 0.9).mean())}")
)";

TEST(ReportInABrowser, PlotsAndHistoryChartsRender) {
  const std::filesystem::path chromium = "/usr/bin/chromium";
  if (!std::filesystem::exists(chromium))
    RB_SKIP_WITHOUT("chromium") << "no /usr/bin/chromium (Debian's chromium) to render the report";
  ScratchDir dir;
  const std::string db = (dir.path() / "history.db").string();
  const std::string config =
      dir.write("tiny.toml",
                "name = \"tiny\"\n" + rbtest::matrix_config("flower", R"("raw-epoll", "libevent2")",
                                                            rbtest::run_lines(4, "20s"),
                                                            "pipes = [20, 200]\nactive = [5]\n"
                                                            "writes = [10]"));
  for (const char* out : {"r1", "r2", "r3"}) {
    const auto r = run_runner({"run", config, "--out", (dir.path() / out).string(), "--store", db});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const auto html = dir.path() / "report";
  const auto report = run_runner(
      {"report", "last", "--baseline", "previous", "--store", db, "--html", html.string()});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  std::string page = text_of(html / "report.html");
  ASSERT_NE(page.find("</body>"), std::string::npos);
  page.replace(page.rfind("</body>"), 7, kRenderCheck);
  std::ofstream(html / "checked.html") << page;

  auto args = chromium_args(dir);
  args.push_back("--dump-dom");
  args.push_back("file://" + (html / "checked.html").string());
  const auto dom = run_program(chromium.string(), args);
  ASSERT_EQ(dom.exit_code, 0) << dom.err;
  const auto at = dom.out.find("<pre id=\"render-check\">");
  ASSERT_NE(at, std::string::npos) << dom.out.substr(0, 2000) << dom.err;
  const std::string check = dom.out.substr(at, 200);
  // The plots plot.py drew (flower: one figure), each decoded; a history chart per cell and
  // headline metric (2 plugins x 2 points x 2 metrics), each laid out with both axis titles.
  EXPECT_GE(count_of(check, "images"), 1) << check;
  EXPECT_EQ(count_of(check, "decoded"), count_of(check, "images")) << check;
  EXPECT_EQ(count_of(check, "charts"), 8) << check;
  EXPECT_EQ(count_of(check, "laid_out"), 8) << check;
  EXPECT_EQ(count_of(check, "axis_titles"), 16) << check;

  args = chromium_args(dir);
  const auto png = dir.path() / "report.png";
  args.push_back("--screenshot=" + png.string());
  args.push_back("file://" + (html / "report.html").string());
  const auto shot = run_program(chromium.string(), args);
  ASSERT_EQ(shot.exit_code, 0) << shot.err;
  ASSERT_TRUE(std::filesystem::exists(png)) << shot.err;
  const auto ink =
      run_program("/usr/bin/python3", {dir.write("ink.py", kInkShare).string(), png.string()});
  ASSERT_EQ(ink.exit_code, 0) << ink.err;
  EXPECT_GE(count_of(ink.out, "ink"), 20) << "a nearly blank page: " << ink.out;
  if (const char* keep = std::getenv("RB_KEEP_REPORT_SCREENSHOT"))
    std::filesystem::copy_file(png, keep, std::filesystem::copy_options::overwrite_existing);
}

}  // namespace
