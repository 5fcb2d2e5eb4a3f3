// The config concern's interface: a TOML test matrix -> a validated, typed TestPlan.
// Every failure is a ConfigError whose what() is one line naming file:line:col.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config/overrides.h"
#include "config/plugin_lookup.h"
#include "config/run_defaults.h"
#include "config/source_pos.h"
#include "config/suggestion.h"
#include "config/workload_schema.h"
#include "model/cell.h"
#include "model/external_server.h"

namespace rb::config {

// Largest matrix a config may expand to (points x plugins). Far beyond any run that finishes
// in reasonable time; it keeps a typo such as an extra zero from exhausting memory.
inline constexpr std::size_t max_cells = 100'000;

// [run] on_disturbance: what a disturbed round (exec/interference.h) gets.
enum class OnDisturbance {
  flag,   // kept, and the cell says it was disturbed
  retry,  // run again, up to max_retries times; the last attempt is kept
};

// [run] pairing: how the plugins of one point are set side by side for a comparison in one
// run (shared/design/VERDICTS.md, section 8).
enum class Pairing {
  rounds,      // each cell a process of its own per round; round r of each plugin is a pair
  iterations,  // the point's plugins in one process per round, iteration by iteration in a
               // random order, so each pair is milliseconds apart on one CPU
  duet,        // the point's cells at the same time, each on a CPU of its own, the CPUs
               // swapped round by round (Bulej et al., ICPE 2020)
};
const char* to_string(Pairing pairing);

struct RunSettings {
  int repetitions = kDefaultRepetitions;  // measured iterations per cell and round
  int warmup = kDefaultWarmup;            // iterations run and dropped before them
  int rounds = kDefaultRounds;  // child processes per cell; plugins interleaved round by round
  RoundsSource rounds_source = RoundsSource::defaulted;
  std::chrono::milliseconds timeout{60000};  // per child process
  std::vector<int> cpus;                     // CPU affinity of the measured loop; empty = none
  // Two-process workloads: each side's CPU affinity; empty = the default (server on the
  // first allowed cpu, client on the second, both unpinned when only one is allowed).
  std::vector<int> server_cpus = {};
  std::vector<int> client_cpus = {};
  // A round is disturbed when the share of its CPUs' time busy with other work, or stolen by
  // a hypervisor, exceeds this.
  double disturbance_threshold = 0.05;
  OnDisturbance on_disturbance = OnDisturbance::flag;
  int max_retries = 2;  // with retry: further attempts of a disturbed round, at most
  // [run] pairing; nullopt: the config said nothing (TestPlan::effective_pairing decides).
  std::optional<Pairing> pairing = std::nullopt;
  // The seed of each round's random order of plugins (exec/round_order.h); none = drawn at
  // the start of the run. Either way the run records it, so an order can be replayed.
  std::optional<std::uint64_t> order_seed = std::nullopt;
  // Count what the kernel did in each measured iteration (proc/kernel_counters.h). Off by
  // default: while counting, every system call of the cell takes the kernel's tracepoint path,
  // which made flower's dispatch_us ~1.4x slower here (2026-12-07), so times measured with
  // counts are not the times measured without.
  bool kernel_counts = false;
  // [run] budget / --budget (config/budget_key.h): the time extra rounds may take after the
  // planned ones, spent on the run's undecided comparisons; zero: no extra rounds.
  std::chrono::milliseconds budget{0};
  // Two-process workloads on two hosts (exec/pair_process.h): each role's child runs
  // through its launcher's argv prefix ("ssh", "-T", "bench-b"; empty: here), as
  // remote_runner there (empty: this runner's own path); the server listens on
  // server_address (a launched one binds it itself; port 0: any) and the client connects
  // there. A launched role is pinned only to the CPUs configured for it.
  std::vector<std::string> server_launcher = {};
  std::vector<std::string> client_launcher = {};
  std::string remote_runner = {};
  Endpoint server_address{"127.0.0.1", 0};
};

struct Axis {
  std::string name;
  std::vector<rb::ParamValue> values;
  SourcePos pos;  // where the values came from (the config, or --set)
};

// One cell's server and client plugins (two-process workloads, role_pairs.h).
struct PluginPair {
  std::string server;
  std::string client;
  // "server/client": the cell's plugin label and its table column.
  std::string label() const { return server + "/" + client; }
  friend bool operator==(const PluginPair&, const PluginPair&) = default;
};

struct TestPlan {
  std::filesystem::path config_path;
  std::string config_text;
  std::string name;
  std::string description;
  std::string workload;
  std::vector<std::string> plugins;
  RunSettings run;
  std::vector<Axis> axes;  // every axis of the workload's schema, in schema order
  // plugin -> key/value strings, in file order; only for plugins in `plugins` that have
  // options. A variant's are its effective ones: its base's with its own over them.
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> plugin_options;
  // [variants] the plan runs: variant name -> the catalog plugin it loads.
  std::map<std::string, std::string> variant_bases = {};
  // [variants] with a `path`: variant name -> the plugin file it loads (absolute).
  std::map<std::string, std::string> variant_paths = {};
  // Two-process workloads: the server/client pairs that take the place of `plugins` in the
  // cells (whose plugin is then the pair's label); `plugins` lists every plugin they use.
  std::vector<PluginPair> pairs = {};
  // Servers that are not plugins, by the label a server list names them with
  // (config/server_section.h): their cells carry it as CellSpec::external_server and load
  // no plugin for the server.
  std::map<std::string, ExternalServer> servers = {};
  // [store] path: the history database `runner run` appends to by default ("" = none).
  std::string store_path = {};

  // Cartesian product: points in axis order (first axis outermost), plugins innermost, so
  // cells [k*P .. k*P+P-1] are the P plugins at point k. CellSpec::index = position.
  // With pairs, they stand in for the plugins.
  std::vector<rb::CellSpec> cells() const;

  // The pairing the run uses: [run] pairing when the config says; else "iterations" when the
  // plan has variants (an A/B or A/A of builds or options, where the comparison is the
  // point: pairs milliseconds apart gave 7-15x narrower intervals than rounds on this
  // project's VM, docs/results.md), else "rounds" (different plugins measured alone, for
  // the table of absolute figures). A two-process workload always pairs by rounds.
  Pairing effective_pairing() const;

  // Number of matrix points (cells().size() / columns().size()).
  std::size_t point_count() const;

  // The cells' plugin labels at every point: `plugins`, or the pairs' labels.
  std::vector<std::string> columns() const;

  // What a name of `plugins` loads (its base when it is a variant) and its options.
  rb::PluginSetup setup_of(const std::string& plugin) const;

  // The server a label of `servers` stands for; nullopt for a plugin.
  std::optional<ExternalServer> external_server(const std::string& server) const;

  // The catalog plugins the plan loads, each once, in the order of `plugins`; a variant by
  // path loads its own file and adds none.
  std::vector<std::string> base_plugins() const;
};

// catalog may be null: plugin names are then not checked against installed plugins.
// Nothing but ConfigError escapes (toml++ and std exceptions are converted).
TestPlan parse_plan(std::string_view toml_text, const std::string& source_name,
                    const PluginLookup* catalog, const Overrides& overrides);

// Reads the file ("<file>: cannot read: <strerror>" when it cannot) and parses it, with the
// file's path as the source name in every error.
TestPlan load_plan(const std::filesystem::path& file, const PluginLookup* catalog,
                   const Overrides& overrides);

}  // namespace rb::config
