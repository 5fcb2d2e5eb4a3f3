#include "report/samples_reader.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "model/json_codec.h"
#include "model/latency_histograms.h"
#include "model/regular_file.h"

namespace rb::report {
namespace {

Sample sample_from(const model::JsonField& line) {
  Sample s;
  s.round = line.at("round").get<int>();
  s.iteration = line.at("iteration").get<int>();
  s.warmup = line.value("warmup", false);
  s.metrics = line.at("metrics").get<std::map<std::string, double>>();
  s.counters = line.at("counters").get<std::map<std::string, std::uint64_t>>();
  model::histograms_from_json(line, s);
  return s;
}

RunHeaderRecord header_from(const model::JsonField& line) {
  RunHeaderRecord header;
  model::from_json(line.at("context"), header.context);
  header.workload = line.at("workload").get<std::string>();
  header.plugins = line.at("plugins").get<std::vector<std::string>>();
  header.cells = line.at("cells").get<std::size_t>();
  if (const auto shards = line.find("shards"))
    for (const auto& shard : shards->elements())
      model::from_json(shard, header.shards.emplace_back());
  return header;
}

// A retried round (exec/interference.h) wrote its superseded attempts first: only the latest
// attempt of each cell-round counts, as it did in the run itself.
class LatestAttempts {
 public:
  void note(std::size_t cell, int round, int attempt) {
    int& latest = latest_[{cell, round}];
    latest = std::max(latest, attempt);
  }
  void add(std::size_t cell, int attempt, Sample sample) {
    tagged_.push_back({cell, attempt, std::move(sample)});
  }
  std::map<std::size_t, std::vector<Sample>> kept() {
    std::map<std::size_t, std::vector<Sample>> out;
    for (auto& t : tagged_)
      if (t.attempt == latest_[{t.cell, t.sample.round}])
        out[t.cell].push_back(std::move(t.sample));
    return out;
  }

 private:
  struct Tagged {
    std::size_t cell;
    int attempt;
    Sample sample;
  };
  std::vector<Tagged> tagged_;
  std::map<std::pair<std::size_t, int>, int> latest_;  // (cell, round) -> attempt
};

void read_line(const model::JsonField& line, SamplesFile& file, LatestAttempts& attempts) {
  const auto event = line.value<std::string>("event", "");
  if (event == "run") {
    file.headers.push_back(header_from(line));
    return;
  }
  if (event == "run_end") {
    model::from_json(line.at("context"), file.run_end.emplace());
    return;
  }
  const auto cell = line.at("cell").get<std::size_t>();
  if (event == "cell_result") {
    model::from_json(line.at("result"), file.cell_results[cell]);
    return;
  }
  if (!event.empty() && event != "interference") return;  // a cell-round that did not end ok
  const int attempt = line.value("attempt", 0);
  attempts.note(cell, line.at("round").get<int>(), attempt);
  if (!event.empty()) return;
  Sample s = sample_from(line);
  if (!s.warmup) attempts.add(cell, attempt, std::move(s));
}

}  // namespace

SamplesFile read_samples_file(const std::filesystem::path& path) {
  SamplesFile file;
  const auto text = model::read_regular_file_if_present(path, kSamplesJsonlBound);
  if (!text) return file;
  std::vector<std::string_view> lines;
  for (std::string_view rest = *text; !rest.empty();) {
    const auto end = std::min(rest.find('\n'), rest.size());
    if (end > 0) lines.push_back(rest.substr(0, end));
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  LatestAttempts attempts;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    try {
      const model::Json json = model::parse_json(lines[i]);
      read_line(model::JsonField(json), file, attempts);
    } catch (const std::exception& e) {
      if (i + 1 == lines.size()) break;  // the line a killed run was writing
      throw std::runtime_error(path.string() + ":" + std::to_string(i + 1) + ": " + e.what());
    }
  }
  file.samples = attempts.kept();
  return file;
}

std::map<std::size_t, std::vector<Sample>> read_samples_jsonl(const std::filesystem::path& path) {
  return read_samples_file(path).samples;
}

void attach_samples(RunResult& run, std::map<std::size_t, std::vector<Sample>> samples) {
  for (auto& cell : run.cells) {
    const auto found = samples.find(cell.cell.index);
    if (found != samples.end()) cell.samples = std::move(found->second);
  }
}

}  // namespace rb::report
