// What a run produces: per cell its status, samples, summaries, rusage and provenance.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/cell.h"
#include "model/kernel_counts.h"
#include "model/plugin_build.h"
#include "stats/latency_histogram.h"
#include "stats/summary.h"

namespace rb {

enum class CellStatus { ok, skipped, failed, crashed, timeout, interrupted };
const char* to_string(CellStatus status);

// One measured (or warm-up) iteration, streamed from the cell's child process.
struct Sample {
  int round = 0;
  int iteration = 0;  // 0-based within the round, warm-up included
  bool warmup = false;
  std::map<std::string, double> metrics;  // e.g. setup_us, dispatch_us, total_us
  // The plugin's counters for this iteration, and the kernel's counts of its measured phase
  // (model/kernel_counts.h: "sys.total", "sys.epoll_ctl", "cs", "faults", "server.sys.total" ...).
  std::map<std::string, std::uint64_t> counters;
  // Latency workloads (rr): every response's latency in this iteration, so the samples of
  // all rounds can be merged into one distribution. Empty for the others.
  stats::LatencyHistogram::Sparse latency_histogram = {};
  // Open-loop latency workloads: the same responses timed from when each request was really
  // sent (wrk2 -U), not from when it was due; the gap to latency_histogram is the waiting
  // coordinated omission would hide. Empty for the rest.
  stats::LatencyHistogram::Sparse uncorrected_latency_histogram = {};
};

// wait4()'s view of one child process.
struct Rusage {
  double user_s = 0;
  double sys_s = 0;
  long max_rss_kib = 0;
  long voluntary_cs = 0;
  long involuntary_cs = 0;
};

// Which binary produced the numbers.
struct Provenance {
  std::string path;
  std::string sha256;
  std::string plugin_version;
  std::string library;
  std::string library_version;
  std::uint32_t abi_version = 0;
  std::string description;
  // How the .so was built (model/plugin_build.h); nullopt when it records nothing.
  std::optional<PluginBuild> build = {};
  // A role run through a launcher ([run] server_launcher / client_launcher): the machine it
  // ran on, as it saw itself; empty otherwise (the run context's machine is then its own).
  // A role with no plugin (rr's load generator) has only these.
  std::string host = {};
  std::string kernel = {};
  std::string cpu_model = {};
};

// What else the machine did while one round of a cell ran (exec/interference measures it):
// the verdicts withhold "slower"/"faster" from a disturbed cell rather than blame the code.
struct RoundInterference {
  int round = 0;
  std::vector<int> cpus = {};  // the CPUs whose /proc/stat lines were read
  // Of the round's CPUs' time (the pinned ones; every allowed one when unpinned): busy time
  // (/proc/stat, all but idle and iowait) that was not the cell's own, less a tick per CPU of
  // rounding, over wall time x CPUs. 0 when /proc/stat could not be read.
  double foreign_cpu_share = 0;
  double steal_share = 0;   // steal ticks over all ticks of those CPUs
  double load_average = 0;  // 1-minute load average at the end of the round
  // The canary, run on the pinned CPU before the round's iterations: a fixed CPU loop and a
  // fixed syscall loop, the same in every build; ns per loop unit (lower = faster machine).
  double canary_cpu_ns = 0;
  double canary_syscall_ns = 0;
  double wall_s = 0;  // the round's wall time, child start to exit (the cost model's c2)
  int attempt = 0;    // 0 = first try; n = the n-th retry after a disturbed attempt
  bool disturbed = false;
};

struct CellResult {
  CellSpec cell;
  CellStatus status = CellStatus::ok;
  std::string reason;                             // why it is not ok (empty when ok)
  std::vector<Sample> samples;                    // measured ones only, in arrival order
  std::map<std::string, stats::Summary> metrics;  // per metric over the measured samples
  // Latency workloads: percentiles (p50_us ... p999_us, max_us, and count) of the measured
  // samples' histograms merged: the cell's whole distribution, every round included.
  std::map<std::string, double> merged_latency = {};
  // The same of the samples' uncorrected histograms (open loop only; else empty).
  std::map<std::string, double> merged_uncorrected_latency = {};
  std::map<std::string, std::uint64_t> counters;  // last measured sample's counters
  // The kernel's counts of the measured phases per event (samples' "sys.*", "cs", "faults").
  KernelCountSummary kernel_counts = {};
  Rusage rusage;  // summed over rounds
  std::vector<Rusage> rusage_per_round;
  std::optional<Provenance> provenance;
  // Two-process workloads: each side's own wait4() view ("server", "client"), summed over
  // rounds as `rusage` is (which then holds both sides together), and each side's final
  // counters from the last round (e.g. the server's "connections" and "bytes_written").
  std::map<std::string, Rusage> rusage_by_role = {};
  std::map<std::string, std::map<std::string, std::uint64_t>> counters_by_role = {};
  // ... and which binary played each role (`provenance` is then the server's).
  std::map<std::string, Provenance> provenance_by_role = {};
  // One entry per kept round (retried attempts are dropped, their count in `attempt`).
  std::vector<RoundInterference> interference = {};
  // Any kept round over the threshold (RunContext::disturbance_threshold); why, in words.
  bool disturbed = false;
  std::string disturbance = {};
  // A merged run's cell (`runner merge`, report/shard_merge.h): the shard that measured it,
  // whose context is the one in RunResult::shards with that index. 0 otherwise.
  int shard = 0;
  // Rounds that ran in one process with the other plugins of the point, iteration by
  // iteration ([run] pairing = "iterations"): its samples pair with theirs by round and
  // iteration. 0 when every round ran alone.
  int rounds_in_lockstep = 0;
  // Rounds that ran at the same time as the point's other cells, each on a CPU of its own
  // ([run] pairing = "duet"): its rounds pair with theirs by round. 0 when none did.
  int rounds_in_duet = 0;
  // [run] budget: why this cell's rounds stopped where they did ("decided at look 2",
  // "budget spent at look 3", "undecided after 4 looks"); empty without a budget or when no
  // comparison of the run involves the cell.
  std::string rounds_stop = {};
};

// Which part of a config's cells a run measured (`runner run --shard I/N`, issue 17): shard
// `index` (1-based) of `count`, the cells split by "point" (all plugins of a point together)
// or by "cell". count 0: the run measured every cell (not sharded).
struct RunShard {
  int index = 0;
  int count = 0;
  std::string by;
  bool sharded() const { return count > 0; }
};

// [run] budget's group-sequential design (stats/sequential_design.h): the comparisons made in
// the run are looked at after the planned rounds and after each batch of extra rounds, at
// most max_looks times, each look at the nominal level that keeps the whole run's false
// alarms at the level asked for. max_looks 0: the run had no budget.
struct SequentialDesign {
  int max_looks = 0;
  int batch_rounds = 0;      // rounds added to an undecided comparison per look
  double nominal_alpha = 0;  // each look's significance level (and 1 - its CI level)
  double budget_s = 0;       // the time extra rounds could take, at most
  bool active() const { return max_looks > 1; }
};

// Where and how the run happened; written with every result set.
struct RunContext {
  std::string host;
  std::string kernel;
  std::string cpu_model;
  int cores = 0;
  std::string governor;  // empty when unreadable
  std::string load_average;
  std::string compiler;
  std::string build_type;
  std::string git_revision;
  long nofile_soft = 0;
  long nofile_hard = 0;
  // Random, one per `runner run`: summary.json and samples.jsonl's header carry it, so a
  // reader can tell the two files of one run from files of two runs mixed in one directory.
  // Empty in results written before it existed.
  std::string run_id;
  std::string started_at;  // ISO 8601 UTC
  std::string finished_at;
  std::string command_line;
  std::string config_path;
  std::string runner_version;
  // Measured at the start of the run: CLOCK_MONOTONIC's smallest step and the cost of one
  // read (ns). A metric whose median is within a few of these gets no verdict.
  double clock_resolution_ns = 0;
  double clock_overhead_ns = 0;
  double disturbance_threshold = 0.05;  // [run] disturbance_threshold
  std::uint64_t order_seed = 0;         // the seeded random order of plugins per round
  // The processes (other than the runner's own) that used the most CPU during the run:
  // "name (pid): 12.3 s".
  std::vector<std::string> foreign_processes = {};
  // What on the machine could skew the numbers, said before the first cell
  // (proc/machine_warnings.h): a debug build, a governor, turbo, a busy SMT sibling, ...
  std::vector<std::string> machine_warnings = {};
  // The logical run this one is part of (`--group`): the shards of one nightly share it.
  // Empty in results written before it existed.
  std::string group = {};
  // What the cells and their measurement depend on (the config's text and the options that
  // change its cells: cli/run_group.h), hex SHA-256: the shards of one run share it.
  std::string plan_sha256 = {};
  RunShard shard = {};
  SequentialDesign sequential = {};
};

struct RunResult {
  RunContext context;
  std::string workload;
  std::vector<std::string> plugins;  // in config order: the table's columns
  std::vector<CellResult> cells;     // in plan order
  // A run merged from shards: each shard's own context (host, CPU, times, its shard), by
  // shard index; `context` is then theirs combined. Empty for a run of one machine.
  std::vector<RunContext> shards = {};
};

// Whether every cell ended ok or skipped: the run measured all it could (exit code 0).
bool all_ok(const RunResult& run);

}  // namespace rb
