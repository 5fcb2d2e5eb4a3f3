#include "report/samples_reader.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "model/json_codec.h"
#include "report/summary_json.h"

namespace rb::report {
namespace {

Sample sample_from(const model::JsonField& line) {
  Sample s;
  s.round = line.at("round").get<int>();
  s.iteration = line.at("iteration").get<int>();
  s.warmup = line.value("warmup", false);
  s.metrics = line.at("metrics").get<std::map<std::string, double>>();
  s.counters = line.at("counters").get<std::map<std::string, std::uint64_t>>();
  return s;
}

}  // namespace

std::map<std::size_t, std::vector<Sample>> read_samples_jsonl(const std::filesystem::path& path) {
  std::map<std::size_t, std::vector<Sample>> out;
  std::ifstream in(path);
  if (!in) return out;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(std::move(line));
  // A retried round (exec/interference.h) wrote its superseded attempts first: only the
  // latest attempt of each cell-round counts, as it did in the run itself.
  struct Tagged {
    std::size_t cell;
    int attempt;
    Sample sample;
  };
  std::vector<Tagged> tagged;
  std::map<std::pair<std::size_t, int>, int> latest_attempt;  // (cell, round) -> attempt
  for (std::size_t i = 0; i < lines.size(); ++i) {
    try {
      const model::Json json = model::parse_json(lines[i]);
      const model::JsonField line(json);
      const auto cell = line.at("cell").get<std::size_t>();
      const int attempt = line.value("attempt", 0);
      const auto event = line.value<std::string>("event", "");
      if (!event.empty() && event != "interference") continue;
      int& latest = latest_attempt[{cell, line.at("round").get<int>()}];
      latest = std::max(latest, attempt);
      if (!event.empty()) continue;
      Sample s = sample_from(line);
      if (!s.warmup) tagged.push_back({cell, attempt, std::move(s)});
    } catch (const std::exception& e) {
      if (i + 1 == lines.size()) break;  // the line a killed run was writing
      throw std::runtime_error(path.string() + ":" + std::to_string(i + 1) + ": " + e.what());
    }
  }
  for (auto& t : tagged)
    if (t.attempt == latest_attempt[{t.cell, t.sample.round}])
      out[t.cell].push_back(std::move(t.sample));
  return out;
}

void attach_samples(RunResult& run, std::map<std::size_t, std::vector<Sample>> samples) {
  for (auto& cell : run.cells) {
    const auto found = samples.find(cell.cell.index);
    if (found != samples.end()) cell.samples = std::move(found->second);
  }
}

RunResult read_results_dir(const std::filesystem::path& dir) {
  RunResult run = read_summary_json(dir / "summary.json");
  attach_samples(run, read_samples_jsonl(dir / "samples.jsonl"));
  return run;
}

}  // namespace rb::report
