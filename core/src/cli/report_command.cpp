#include "cli/report_command.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/compare_command.h"
#include "cli/exit_codes.h"
#include "cli/html_bisect.h"
#include "cli/html_history.h"
#include "cli/plot_script.h"
#include "cli/reporters.h"
#include "cli/run_ref_options.h"
#include "cli/run_source.h"
#include "html/html_report.h"
#include "html/html_text.h"
#include "report/atomic_file.h"
#include "report/run_context.h"
#include "text/printable.h"

namespace rb::cli {
namespace {

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::string section_title(const LoadedRun& run) {
  if (run.store_id) return fmt::format("{}: run {}", run.config_name, *run.store_id);
  return fmt::format("{}: {}", run.config_name, run.results_dir.filename().string());
}

// plot.py reads a results directory; a stored run gets one written for it under OUT/data.
std::filesystem::path plot_input(const LoadedRun& run, const std::filesystem::path& out,
                                 const std::string& slug) {
  if (!run.results_dir.empty()) return run.results_dir;
  auto dir = out / "data" / slug;
  std::filesystem::create_directories(dir);
  report::write_file_atomically(
      dir / "summary.json",
      render(OutputKind::result_file, "summary.json", {.run = &run.run}).text);
  return dir;
}

void add_plots(const LoadedRun& run, const HtmlReportArgs& args, html::ReportSection& section,
               const std::string& slug) {
  if (args.no_plots) {
    section.plots_note = "Plots left out (--no-plots).";
    return;
  }
  const PlotOutcome plots =
      run_plot_script(plot_input(run, args.html, slug), args.html / "plots" / slug);
  if (!plots.error.empty()) {
    section.plots_note = "No plots: " + plots.error;
    // The title is the run's config name, the note the plot script's last words: foreign.
    std::cerr << "note: " << rb::text::printable(section.title + ": " + section.plots_note) << '\n';
    return;
  }
  for (const auto& file : plots.files)
    if (file.extension() == ".png")
      section.plots.push_back({file.stem().string(), read_bytes(file)});
  if (section.plots.empty()) section.plots_note = "plot.py drew nothing for this workload.";
}

}  // namespace

CLI::App* HtmlReportCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "report", "Write a self-contained HTML report: verdicts, plots, tables, context");
  cmd->add_option("runs", args_.runs, "results dirs, stored run ids, last or last~N")->required();
  cmd->add_option("--html", args_.html, "output directory (report.html and plots/)")->required();
  cmd->add_option("--baseline", args_.baselines,
                  "compare against this run ('previous': the run before, same config and host); "
                  "once for all runs or once per run");
  add_run_ref_options(*cmd, args_.store, args_.config, args_.host);
  cmd->add_option("--title", args_.title, "the page's title");
  cmd->add_flag("--no-plots", args_.no_plots, "do not run scripts/plot.py");
  add_compare_flags(*cmd, args_.flags);
  return cmd;
}

namespace {

// The section's verdicts against the baseline `ref` (or a note that there is none). False
// after saying why the two have nothing to compare: a page that shows "no regression" for
// runs of two configs would say what `runner compare` refuses to (the same error and exit).
bool add_comparison(const LoadedRun& run, const std::string& ref, const RunSourceOptions& sources,
                    const compare::CompareOptions& options, html::ReportSection& section) {
  std::optional<LoadedRun> base =
      is_previous_ref(ref) ? load_previous_run(run, sources) : load_run_ref(ref, sources);
  if (!base) {
    section.baseline_note =
        fmt::format("No earlier finished run of config '{}' on host '{}' to compare with.",
                    run.config_name, run.run.context.host);
    return true;
  }
  section.comparison = compare::compare_runs(base->run, run.run, options);
  section.comparison->base_label = base->label;
  section.comparison->new_label = run.label;
  if (const auto refusal = refusal_of(*section.comparison)) {
    std::cerr << "error: " << rb::text::printable_lines(*refusal) << '\n';
    return false;
  }
  return true;
}

}  // namespace

int html_report_command(const HtmlReportArgs& args) {
  if (!args.baselines.empty() && args.baselines.size() != 1 &&
      args.baselines.size() != args.runs.size()) {
    std::cerr << fmt::format("error: {} runs but {} --baseline: give one for all or one per run\n",
                             args.runs.size(), args.baselines.size());
    return kExitUsage;
  }
  try {
    const compare::CompareOptions options = to_compare_options(args.flags);
    const RunSourceOptions sources{store_path_or_env(args.store), args.config, args.host};
    std::vector<LoadedRun> runs;
    for (const auto& ref : args.runs) runs.push_back(load_run_ref(ref, sources));
    std::filesystem::create_directories(args.html);

    html::ReportPage page;
    page.title = args.title;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const LoadedRun& run = runs[i];
      html::ReportSection section;
      section.title = section_title(run);
      section.label = run.label;
      section.run = &run.run;
      const std::string slug = fmt::format("{}-{}", i + 1, html::slug(section.title));
      if (!args.baselines.empty()) {
        const std::string& ref = args.baselines.size() == 1 ? args.baselines[0] : args.baselines[i];
        if (!add_comparison(run, ref, sources, options, section)) return compare::kExitError;
      }
      add_plots(run, args, section, slug);
      add_history(run, sources, section);
      add_bisect(run, section);
      page.sections.push_back(std::move(section));
    }
    page.generated_at = report::iso8601_utc_now();
    const auto file = args.html / "report.html";
    report::write_file_atomically(
        file, render(OutputKind::html_page, kHtmlPageFormat, {.part = &page}).text);
    std::cout << "report: " << file.string() << '\n';
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
