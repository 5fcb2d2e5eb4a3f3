// What on this machine can make a measurement the machine's rather than the code's, said
// before the first cell and kept in the run's context: an unoptimised build, a CPU frequency
// governor other than `performance` or turbo/boost on (the clock of the pinned CPUs moves
// under the cells), a busy SMT sibling of a pinned CPU (it shares the core's pipelines and
// caches), a load average above half a process per core, transparent huge pages always on
// (page faults of varying cost). None of them blocks a run.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rb::proc {

struct MachineState {
  std::string build_type;                // the runner's CMAKE_BUILD_TYPE
  std::map<int, std::string> governors;  // pinned CPU -> scaling_governor (readable ones)
  std::optional<bool> turbo;             // intel_pstate no_turbo = 0, or cpufreq boost = 1
  // Pinned CPU -> its SMT siblings outside the pinned set, each with the share of its time
  // it was busy while sampled.
  std::map<int, std::map<int, double>> busy_siblings;
  double load_average = 0;  // one minute
  int online_cpus = 1;
  std::string transparent_hugepages;  // the [selected] mode of .../transparent_hugepage/enabled
};

// Where the files are (a test points these at a directory of its own).
struct MachineFiles {
  std::filesystem::path sys = "/sys";
  std::filesystem::path proc = "/proc";
};

// Reads the state for the CPUs the cells run on (`cpus`; empty = every allowed CPU). The
// siblings' busy share is sampled from /proc/stat over `sample_ms`.
MachineState read_machine_state(const std::string& build_type, const std::vector<int>& cpus,
                                int sample_ms, const MachineFiles& files = {});

// The warnings, one line each, in the order of the checks; empty when none applies.
std::vector<std::string> measurement_warnings(const MachineState& state);

// "0-3,8,10-11" (a sysfs CPU list) -> {0,1,2,3,8,10,11}; malformed parts are skipped.
std::vector<int> parse_cpu_list(const std::string& text);

}  // namespace rb::proc
