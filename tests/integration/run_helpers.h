// Running the real runner from a test: a scratch directory, the command, its outputs.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/scratch_dir.h"

namespace rbtest {

struct RunOutput {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Starts the runner with these arguments (no shell), its stdout and stderr into these files.
pid_t spawn_runner(const std::vector<std::string>& args, const std::filesystem::path& out,
                   const std::filesystem::path& err);
// The same for another program (a path, not searched).
pid_t spawn_program(const std::string& program, const std::vector<std::string>& args,
                    const std::filesystem::path& out, const std::filesystem::path& err);
// Runs the runner with these arguments (no shell), capturing stdout and stderr.
RunOutput run_runner(const std::vector<std::string>& args);
// The same for another program (a path, not searched).
RunOutput run_program(const std::string& program, const std::vector<std::string>& args);

std::vector<std::string> read_lines(const std::filesystem::path& file);
// samples.jsonl's sample lines: every line but the events (a round's interference record, a
// cell-round that did not end ok).
std::vector<std::string> read_sample_lines(const std::filesystem::path& samples_jsonl);
nlohmann::json read_json(const std::filesystem::path& file);

// [run]'s lines: this many repetitions, one warm-up, one round (not the default six: the
// tests that need rounds say so), this timeout.
std::string run_lines(int repetitions, const std::string& timeout);
// A config: the workload, the plugins (a TOML array's items), [run] with `run`, [matrix] with
// `matrix`, then `extra` (more sections).
std::string matrix_config(const std::string& workload, const std::string& plugins,
                          const std::string& run, const std::string& matrix,
                          const std::string& extra = "");
// The smallest flower point, as [matrix] lines.
inline constexpr const char* kTinyFlowerPoint = "pipes = [10]\nactive = [2]\nwrites = [10]";
// run DIR/NAME (the config written there) --out DIR/out --plugin-path PLUGIN_DIR.
std::vector<std::string> run_args(const ScratchDir& dir, const std::string& name,
                                  const std::string& config, const std::string& plugin_dir);
// DIR/www with an index.html of the body rr's load generator expects for `body_size`
// ("okok..."), for a static file server to serve; returns DIR/www.
std::filesystem::path write_rr_site(const ScratchDir& dir, int body_size);
// The summary's cell of this plugin; throws when there is none.
const nlohmann::json& cell_of(const nlohmann::json& summary, const std::string& plugin);
// The flower cell of that plugin at that number of pipes.
const nlohmann::json& cell_of(const nlohmann::json& summary, const std::string& plugin, int pipes);

// The runner's exit code when a run's results could not be written (cli/exit_codes.h).
inline constexpr int kExitResultsNotSaved = 4;

// Whether text has part in it: what most output assertions ask.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace rbtest
