#include "cli/run_command.h"

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "cli/budget_look.h"
#include "cli/colour_option.h"
#include "cli/config_lookup.h"
#include "cli/dry_run.h"
#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "cli/plugin_resolver.h"
#include "cli/reporters.h"
#include "cli/results_out.h"
#include "cli/run_group.h"
#include "cli/run_store.h"
#include "cli/terminal_width.h"
#include "compare/verdict.h"
#include "config/run_comparisons.h"
#include "config/test_plan.h"
#include "exec/clock_probe.h"
#include "exec/matrix_runner.h"
#include "exec/round_order.h"
#include "exec/round_time_priors.h"
#include "exec/sharding.h"
#include "model/plugin_build.h"
#include "plugin/load_error.h"
#include "plugin/search_dirs.h"
#include "proc/foreign_processes.h"
#include "proc/machine_warnings.h"
#include "proc/process_limits.h"
#include "report/console_table.h"
#include "report/run_context.h"
#include "report/samples_writer.h"
#include "stats/sequential_design.h"
#include "text/printable.h"

namespace rb::cli {
namespace {

constexpr std::size_t kForeignProcessesListed = 5;
// How long the SMT siblings of the cells' CPUs are watched before the first cell.
constexpr int kSiblingSampleMs = 200;

// The CPUs the cells are pinned to ([run] cpus, or the roles' server_cpus and client_cpus);
// empty when they are not pinned.
std::vector<int> cells_cpus(const config::TestPlan& plan) {
  if (!plan.run.cpus.empty()) return plan.run.cpus;
  std::vector<int> cpus = plan.run.server_cpus;
  cpus.insert(cpus.end(), plan.run.client_cpus.begin(), plan.run.client_cpus.end());
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string utc_stamp(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char text[64];
  std::strftime(text, sizeof text, format, &tm);
  return text;
}

// A pinned CPU that does not exist here would fail every cell the same way: say it once.
void check_cpus(const config::TestPlan& plan) {
  const auto allowed = proc::allowed_cpus();
  const std::pair<const char*, const std::vector<int>*> keys[] = {
      {"cpus", &plan.run.cpus},
      {"server_cpus", &plan.run.server_cpus},
      {"client_cpus", &plan.run.client_cpus}};
  for (const auto& [key, cpus] : keys)
    for (int cpu : *cpus)
      if (std::find(allowed.begin(), allowed.end(), cpu) == allowed.end())
        throw std::runtime_error(
            fmt::format("{}: [run] {}: cpu {} is not available to this process (allowed: {})",
                        plan.config_path.string(), key, cpu, fmt::join(allowed, ", ")));
}

// The options that change the plan's cells or their measurement, as typed.
std::vector<std::string> plan_options(const RunArgs& args) {
  std::vector<std::string> out;
  for (const auto& s : args.set) out.push_back("--set " + s);
  if (!args.plugins.empty())
    out.push_back(fmt::format("--plugins {}", fmt::join(args.plugins, ",")));
  if (args.quick) out.push_back("--quick");
  if (args.repetitions) out.push_back(fmt::format("--repetitions {}", *args.repetitions));
  if (args.warmup) out.push_back(fmt::format("--warmup {}", *args.warmup));
  if (args.rounds) out.push_back(fmt::format("--rounds {}", *args.rounds));
  if (args.duration) out.push_back("--duration " + *args.duration);
  if (args.budget) out.push_back("--budget " + *args.budget);
  if (args.pairing) out.push_back("--pairing " + *args.pairing);
  return out;
}

std::string command_line_of(const RunArgs& args, const RunContext& context) {
  std::string line = "runner run " + args.config.string();
  for (const auto& option : plan_options(args)) line += " " + option;
  for (const auto& p : args.plugin_path) line += " --plugin-path " + p.string();
  if (args.allow_unsafe_plugins) line += " --allow-unsafe-plugins";
  if (context.shard.sharded())
    line += fmt::format(" --shard {}/{} --shard-by {}", context.shard.index, context.shard.count,
                        context.shard.by);
  line += " --group " + context.group;
  return line;
}

// The run's group and shard, checked before anything is written.
struct FleetPlace {
  std::optional<exec::ShardChoice> shard;
  std::string fingerprint;
  std::optional<std::string> group;
};

FleetPlace fleet_place(const RunArgs& args, const config::TestPlan& plan) {
  FleetPlace out;
  if (args.shard)
    out.shard = parse_shard(*args.shard, args.shard_by, ::getenv);
  else if (args.shard_by != "point")
    throw std::runtime_error("--shard-by needs --shard I/N");
  out.fingerprint = plan_fingerprint(plan.config_text, plan_options(args));
  if (args.group) {
    if (const std::string why = invalid_group_reason(*args.group); !why.empty())
      throw std::runtime_error(fmt::format("--group '{}': {}", *args.group, why));
    out.group = *args.group;
  }
  return out;
}

// A plugin that fails to load costs its own cells, not the run: they are marked failed with
// the loader's reason and the rest of the matrix runs. Two files claiming one name is a
// question only the user can answer, so that still stops the run (LoadError escapes).
// Variants load their base plugin, so each plugin named in the config is resolved once.
// Returns the warnings for plugins built without optimisation (model/plugin_build.h).
std::vector<std::string> resolve_plugins(const config::TestPlan& plan,
                                         const PluginResolver& resolver,
                                         exec::MatrixOptions& options) {
  std::vector<std::string> build_warnings;
  for (const auto& name : plan.base_plugins()) {
    try {
      const plugin::PluginInfo info = resolver.resolve(name);
      options.plugin_paths[name] = info.path;
      if (auto warning = unoptimised_warning(info.name, info.build))
        build_warnings.push_back(std::move(*warning));
    } catch (const plugin::LoadError& e) {
      if (e.kind() == plugin::LoadErrorKind::duplicate_name) throw;
      std::cerr << "error: " << rb::text::printable_lines(e.what())
                << " (its cells are marked failed; the rest runs)\n";
      options.unloadable[name] = e.what();
    }
  }
  return build_warnings;
}

// [run] budget's design, when the run makes comparisons to spend it on.
SequentialDesign sequential_design(const config::TestPlan& plan) {
  SequentialDesign design;
  if (plan.run.budget.count() == 0 || config::run_comparisons(plan).empty()) return design;
  design.max_looks = stats::kMaxLooks;
  design.batch_rounds = plan.run.rounds;
  design.nominal_alpha =
      stats::pocock_nominal_alpha(compare::VerdictRules{}.alpha, design.max_looks);
  design.budget_s = std::chrono::duration<double>(plan.run.budget).count();
  return design;
}

// The run's end record, then summary.json/.csv/.md. False when the summaries could not be
// written (a full disk): every measured sample is in samples.jsonl, so say how to rebuild.
bool write_results(const RunResult& run, report::SamplesWriter& samples,
                   const std::filesystem::path& dir) {
  try {
    samples.write_run_end(run.context);
  } catch (const std::exception& e) {
    std::cerr << "warning: " << e.what() << " (the run's end record; summary.json has it)\n";
  }
  try {
    write_result_files(run, dir);
    return true;
  } catch (const std::exception& e) {
    std::cerr << fmt::format(
        "error: {}\nnote: every measured sample is in {}; once the disk has room, "
        "`runner summarize {}` rebuilds summary.json, .csv and .md from it\n",
        e.what(), (dir / "samples.jsonl").string(), dir.string());
    return false;
  }
}

}  // namespace

int RunCommand::run() {
  args_.config = find_config(args_.config);
  return run_command(args_);
}

namespace {

config::Overrides overrides_of(const RunArgs& args) {
  config::Overrides overrides;
  overrides.set = args.set;
  if (!args.plugins.empty()) overrides.plugins = args.plugins;
  overrides.quick = args.quick;
  overrides.repetitions = args.repetitions;
  overrides.warmup = args.warmup;
  overrides.rounds = args.rounds;
  overrides.duration = args.duration;
  overrides.budget = args.budget;
  overrides.pairing = args.pairing;
  return overrides;
}

// What a run has once its plan is loaded and checked, before the first cell.
struct PreparedRun {
  config::TestPlan plan;
  FleetPlace fleet;
  exec::MatrixOptions options;
  std::optional<RunStoreSession> store;
  std::optional<report::SamplesWriter> samples;
  std::vector<std::string> plugin_build_warnings;
};

// Loads and checks the plan, resolves its plugins and creates the results directory. An
// exit code when the run ends here (a dry run; an error, said on stderr); nullopt to run.
std::optional<int> prepare_run(const RunArgs& args, const PluginResolver& resolver,
                               PreparedRun& run) {
  try {
    run.plan = config::load_plan(args.config, &resolver, overrides_of(args));
    check_cpus(run.plan);
    run.fleet = fleet_place(args, run.plan);
    if (run.fleet.shard) run.options.only_cells = exec::cells_of_shard(run.plan, *run.fleet.shard);
    run.plugin_build_warnings = resolve_plugins(run.plan, resolver, run.options);
    if (args.dry_run) {
      const auto earlier = exec::earlier_round_times(
          kDefaultResultsRoot, args.config.stem().string(), report::host_name());
      print_dry_run(run.plan, run.options, run.fleet.shard ? &*run.fleet.shard : nullptr,
                    earlier ? &*earlier : nullptr, std::cout);
      return kExitOk;
    }
    if (const auto path = run_store_path(args.store, args.no_store, run.plan))
      run.store.emplace(*path);
    run.options.results_dir = prepare_results_dir(args.out, args.force, args.config);
    // Created exclusively: a second run into the same directory stops here.
    run.samples.emplace(run.options.results_dir / "samples.jsonl");
    return std::nullopt;
  } catch (const std::exception& e) {  // a config, plugin, store or file error alike
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

// The run's context as recorded before the first cell: the machine, its clock, the seed of
// the order, the group and shard; the machine's warnings are said on stderr.
RunContext start_context(const RunArgs& args, const PreparedRun& run) {
  RunContext context = report::collect_run_context();
  context.plan_sha256 = run.fleet.fingerprint;
  context.group = run.fleet.group.value_or(
      default_group(run.fleet.fingerprint, context.git_revision, context.started_at));
  if (const auto& shard = run.fleet.shard)
    context.shard = {shard->index, shard->count, exec::to_string(shard->by)};
  context.command_line = command_line_of(args, context);
  context.config_path = args.config.string();
  // The clock's grain and who else uses the machine (exec/clock_probe.h, foreign_processes.h).
  const exec::ClockFacts clock = exec::measure_monotonic_clock();
  context.clock_resolution_ns = clock.resolution_ns;
  context.clock_overhead_ns = clock.overhead_ns;
  context.disturbance_threshold = run.plan.run.disturbance_threshold;
  // Drawn before the store records the run, so the history has the seed from the start.
  context.order_seed = run.plan.run.order_seed.value_or(exec::draw_order_seed());
  context.machine_warnings = proc::measurement_warnings(
      proc::read_machine_state(context.build_type, cells_cpus(run.plan), kSiblingSampleMs));
  context.machine_warnings.insert(context.machine_warnings.end(), run.plugin_build_warnings.begin(),
                                  run.plugin_build_warnings.end());
  for (const std::string& warning : context.machine_warnings)
    std::cerr << "warning: " << rb::text::printable(warning) << '\n';
  context.sequential = sequential_design(run.plan);
  return context;
}

// What the user sees while the cells run: on a terminal one line, redrawn as each iteration
// reports; in a log a line per cell once it is final, and one per round of every cell (a
// pass) with the ETA. Each final cell also goes to samples.jsonl and the store.
class RunProgress {
 public:
  RunProgress(PreparedRun& run, proc::ForeignProcessCensus& census, std::size_t cells_run,
              const std::string& colour)
      : run_(run),
        census_(census),
        cells_run_(cells_run),
        colour_(colour_for(colour, STDERR_FILENO)) {}

  void attach() {
    run_.options.cell_finished = [this](const CellResult& cell) { cell_finished(cell); };
    run_.options.progress = [this](const exec::ProgressUpdate& update) { progress(update); };
  }
  // The line goes once the run ends, so the table does not start after a stale "cell 12/12
  // ..." on the terminal's last row.
  void clear_line() const {
    if (tty_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  void cell_finished(const CellResult& cell) {
    run_.samples->write_cell_result(cell);
    if (run_.store) run_.store->record(cell);
    if (!tty_)
      std::cerr << report::format_cell_line(++cells_final_, cells_run_, cell, colour_) << '\n';
  }

  void progress(const exec::ProgressUpdate& update) {
    using Kind = exec::ProgressUpdate::Kind;
    // Between rounds: short-lived processes are seen too.
    if (update.kind == Kind::round_finished) census_.observe();
    if (tty_) {
      const std::string line = report::format_progress(
          update.done, update.total, update.remaining_s,
          {update.label, update.round, update.rounds, update.iteration, update.iterations});
      std::cerr << "\r\033[K" << report::fit_to_width(line, terminal_width(STDERR_FILENO) - 1)
                << std::flush;
    } else if (update.kind == Kind::pass_finished && update.round < update.rounds) {
      std::cerr << fmt::format(
          "round {}/{} of every cell done  {}\n", update.round, update.rounds,
          report::format_progress(update.done, update.total, update.remaining_s));
    }
  }

  PreparedRun& run_;
  proc::ForeignProcessCensus& census_;
  std::size_t cells_run_;
  bool colour_;
  bool tty_ = ::isatty(STDERR_FILENO) != 0;
  std::size_t cells_final_ = 0;
};

// "reactorbench: 12 cells, 5 round(s) -> results/..." and the run's header in samples.jsonl.
void announce_run(PreparedRun& run, const RunContext& context, std::size_t cells_run) {
  std::cerr << fmt::format(
      "reactorbench: {} cells{}, {} round(s){} -> {}\n", cells_run,
      run.fleet.shard ? fmt::format(" (shard {}/{} of {}, group {})", context.shard.index,
                                    context.shard.count, run.plan.cells().size(), context.group)
                      : std::string(),
      run.plan.run.rounds,
      context.sequential.active()
          ? fmt::format(" (+ up to {:g} s more for undecided comparisons: [run] budget)",
                        context.sequential.budget_s)
          : std::string(),
      run.options.results_dir.string());
  RunResult header;
  header.context = context;
  header.workload = run.plan.workload;
  header.plugins = run.plan.columns();
  run.samples->write_run_header(header, cells_run);
}

// The results written, stored and printed; the run's exit code.
int finish_run(PreparedRun& prepared, RunResult& run, bool interrupted, const RunArgs& args) {
  const bool files_written = write_results(run, *prepared.samples, prepared.options.results_dir);
  if (prepared.store)
    prepared.store->finish(run.context, interrupted, prepared.options.results_dir);
  const bool colour = colour_for(args.colour, STDOUT_FILENO);
  std::cout << render(OutputKind::console, kTableFormat, {.run = &run, .colour = colour}).text
            << '\n'
            << "results: " << prepared.options.results_dir.string() << '\n';
  if (interrupted) return kExitInterrupted;
  // A nightly must not miss lost results or a lost history.
  if (!files_written || (prepared.store && prepared.store->failed())) return kExitResultsNotSaved;
  return all_ok(run) ? kExitOk : kExitCellsFailed;
}

}  // namespace

int run_command(const RunArgs& args) {
  const auto& interrupted = install_interrupt_flag();
  const PluginResolver resolver(args.plugin_path, plugin::current_executable(),
                                args.allow_unsafe_plugins);
  PreparedRun prepared;
  if (const auto code = prepare_run(args, resolver, prepared)) return *code;
  exec::MatrixOptions& options = prepared.options;
  options.runner_exe = resolver.runner_exe();
  options.interrupted = &interrupted;
  std::filesystem::copy_file(args.config, options.results_dir / "config.toml",
                             std::filesystem::copy_options::overwrite_existing);

  // Its first reading before the machine's state is read: from here on, who else ran.
  proc::ForeignProcessCensus census;
  RunContext context = start_context(args, prepared);
  options.order_seed = context.order_seed;
  if (context.sequential.active())
    options.look = [&prepared, &context](const std::vector<CellResult>& cells) {
      return look_at_comparisons(prepared.plan, context, cells);
    };
  if (prepared.store) {
    try {
      prepared.store->begin(prepared.plan, context);
    } catch (const std::exception& e) {
      std::cerr << "error: store: " << rb::text::printable_lines(e.what()) << '\n';
      return kExitUsage;
    }
  }
  const std::size_t cells_run =
      options.only_cells ? options.only_cells->size() : prepared.plan.cells().size();
  RunProgress progress(prepared, census, cells_run, args.colour);
  progress.attach();
  options.earlier_round_times = exec::earlier_round_times(
      kDefaultResultsRoot, args.config.stem().string(), context.host, options.results_dir);
  announce_run(prepared, context, cells_run);
  RunResult run = exec::run_matrix(prepared.plan, options, *prepared.samples);
  progress.clear_line();

  context.finished_at = utc_stamp("%Y-%m-%dT%H:%M:%SZ");
  context.foreign_processes = census.top(kForeignProcessesListed);
  run.context = std::move(context);
  return finish_run(prepared, run, interrupted.load(), args);
}

}  // namespace rb::cli
