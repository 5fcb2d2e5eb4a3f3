// The verdict on the kernel's counts (issue 30, part 3): system calls per event do not drift
// with the machine, so a change of them between base and new beyond what each side's rounds
// show by themselves is a finding of its own ("+1.00 epoll_ctl per read"), shown before the
// timings' verdicts, and a growth is a regression (exit 1).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/json_codec.h"
#include "model/results.h"

namespace rb::compare {

struct CountChange {
  std::string workload;
  std::string plugin;  // "a -> b" when plugins are compared
  std::string point;
  std::string key;   // "sys.epoll_ctl", "server.sys.total"
  std::string unit;  // "read"
  double base_per_event = 0;
  double new_per_event = 0;
  // Each side's rounds' own range of the count per event.
  double base_min = 0;
  double base_max = 0;
  double new_min = 0;
  double new_max = 0;
  bool grew() const { return new_per_event > base_per_event; }
};

// How far apart the two sides' ranges must be beyond their own spread: the workload's own
// nondeterminism (how many ready events one epoll_wait returns, a retried read) moves a
// count by a little even within one round.
inline constexpr double kCountAbsoluteTolerance = 0.01;  // per event
inline constexpr double kCountRelativeTolerance = 0.02;  // of the larger side

// Whether counts of `key` are judged: the system calls ("sys.*", a server's too). Context
// switches and page faults depend on scheduling and on what memory the process already
// touched, so a few rounds do not bound them: they are reported, not judged.
bool is_judged_count(const std::string& key);

// The counts of one matched pair of cells (both ok) that changed beyond both sides' ranges
// and the tolerance; none when either side has no counts or their units differ.
std::vector<CountChange> count_changes(const CellResult& base, const CellResult& next);

// "raw-epoll pipes=100 ...: +1.00 epoll_ctl per read (0.00 -> 1.00; rounds 0.00..0.00 ->
// 1.00..1.00)".
std::string describe(const CountChange& change);

// Whether any judged count grew: a regression.
bool counts_grew(const std::vector<CountChange>& changes);

// When one run counted system calls and the other did not: counting puts every system call
// on the kernel's tracepoint path (~80 ns more each, measured), so their times differ for
// that reason too. "kernel counts: system calls counted in NEW only (...)"; nullopt when both
// or neither counted.
std::optional<std::string> counting_note(const RunResult& base, const RunResult& next);

// The verdict line's part: "2 kernel counts grew, 1 shrank".
std::string count_changes_part(const std::vector<CountChange>& changes);

// The compare JSON's "count_changes": one object per change, with its text.
model::Json count_changes_json(const std::vector<CountChange>& changes);

}  // namespace rb::compare
