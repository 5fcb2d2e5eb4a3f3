// Running the real runner from a test: a scratch directory, the command, its outputs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rbtest {

class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

struct RunOutput {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the runner with these arguments (no shell), capturing stdout and stderr.
RunOutput run_runner(const std::vector<std::string>& args);

std::vector<std::string> read_lines(const std::filesystem::path& file);
// samples.jsonl's sample lines: every line but the events (a round's interference record, a
// cell-round that did not end ok).
std::vector<std::string> read_sample_lines(const std::filesystem::path& samples_jsonl);
nlohmann::json read_json(const std::filesystem::path& file);

}  // namespace rbtest
