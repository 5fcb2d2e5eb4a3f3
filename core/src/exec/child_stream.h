// The child-to-parent stream: one JSON object per line on a dedicated pipe, never on
// stdout, so whatever a plugin prints cannot corrupt the samples.
//   {"type":"loaded","provenance":{...}}   the plugin loaded
//   {"type":"canary","cpu_ns":..,"syscall_ns":..}   the canary's speed (exec/canary.h),
//                                          before the plugin loads
//   {"type":"sample", ...}                  one iteration, as soon as it is measured
//   {"type":"failed","reason":"..."}        the plugin erred or its counts were wrong
//   {"type":"done"}                         every iteration finished and was verified
// Two-process cells (exec/pair_process.h) add:
//   {"type":"ready","counters":{...}}      the server serves (e.g. its baseline RSS)
//   {"type":"counters","counters":{...}}   a side's final counters, before "done"
//   {"type":"listening","port":N}          a server that bound its own socket (through a
//                                          launcher, CellJob::bind_address): its port
// A cell started through a launcher (exec/launched_cell.h) says first, before anything else:
//   {"type":"hello","protocol":N}          it is a runner, speaking kLaunchProtocol N
// A lockstep process (exec/lockstep_worker.h) runs several cells: each of their messages
// carries "member":K, the cell's place in the job (0: the job's own cell).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "exec/canary.h"
#include "model/results.h"

namespace rb::exec {

// The version of this stream and of the job on a launcher's stdin, checked by the handshake:
// a runner of another version behind a launcher is refused by name, not misread.
inline constexpr int kLaunchProtocol = 1;

// Child side. Each write is one write(2) of a whole line, so a line is never torn.
class ChildStreamWriter {
 public:
  explicit ChildStreamWriter(int fd, int member = -1) : fd_(fd), member_(member) {}
  void loaded(const Provenance& provenance) const;
  void sample(const Sample& sample) const;
  void failed(std::string_view reason) const;
  void done() const;
  void ready(const std::map<std::string, std::uint64_t>& counters) const;
  void counters(const std::map<std::string, std::uint64_t>& counters) const;
  void canary(const CanaryResult& canary) const;
  void listening(int port) const;
  void hello() const;

 private:
  void send(nlohmann::json message) const;
  int fd_;
  int member_;  // -1: the process runs one cell
};

// Parent side.
struct ChildMessage {
  enum class Type { loaded, sample, failed, done, ready, counters, canary, listening, hello } type;
  std::optional<Provenance> provenance;
  std::optional<Sample> sample;
  std::string reason;
  std::map<std::string, std::uint64_t> counters = {};  // ready, counters
  std::optional<CanaryResult> canary = std::nullopt;
  int port = 0;      // listening
  int protocol = 0;  // hello
  int member = -1;   // a lockstep process's cell (CellJob::lockstep_partners); -1: the only one
};

// nullopt for a line that is not a valid message (the parent reports it, never trusts it).
std::optional<ChildMessage> parse_child_message(std::string_view line);

}  // namespace rb::exec
