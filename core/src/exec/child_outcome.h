// What one cell child told the parent, and how its run ended: the classification shared by
// one-process cells (cell_process.h) and each side of a two-process cell (pair_process.h).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "exec/cell_child.h"
#include "exec/child_stream.h"
#include "model/results.h"

namespace rb::exec {

// The messages of one child, gathered as they arrive.
struct ChildLedger {
  std::optional<Provenance> provenance;
  std::vector<Sample> samples;  // warm-up included, in arrival order
  std::optional<std::string> failure;
  bool done = false;
  std::optional<std::map<std::string, std::uint64_t>> ready;
  std::map<std::string, std::uint64_t> final_counters;
  std::optional<CanaryResult> canary;
  int listening_port = 0;             // a server's own socket's (0: none reported)
  std::optional<int> hello_protocol;  // a launched runner's handshake (child_stream.h)

  // Keeps what the message says: samples in arrival order, the latest of anything else.
  void record(ChildMessage&& message);
  // True until the first message arrives.
  bool silent() const;
};

struct ChildEnd {
  CellStatus status = CellStatus::ok;
  std::string reason;
};

// How a reaped child ended by its own account and its exit status: failed to start (its
// exec's errno; through a launcher: no message ever came and the launcher exited non-zero,
// with its last line of output: the runner is not there; or what answered did not say
// "hello" in this runner's protocol: it is no runner, or another version), crashed (a signal, with
// the log's last line), failed (its reported failure, an exit before "done", a protocol error, a
// non-zero exit) or ok. Stops the parent imposed are the caller's to classify.
ChildEnd classify_exit(const CellChild& child, const ChildLedger& ledger,
                       const std::filesystem::path& log_path);

// The last non-empty line of a log, shortened; "" when there is none. Only the log's last
// 64 KiB are read, however much a child wrote: "..." in front says the line began earlier.
std::string last_log_line(const std::filesystem::path& log_path);

}  // namespace rb::exec
