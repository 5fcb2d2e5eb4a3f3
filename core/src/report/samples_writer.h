// samples.jsonl: one JSON object per line, each handed to the kernel as soon as it is
// written, so a run killed at any point keeps every sample that was finished. Besides the
// samples it records the run itself (a header with the run id, each cell's result as it is
// final, the end), so `runner summarize` can rebuild the summary from this file alone.
#pragma once

#include <filesystem>
#include <string_view>

#include "model/cell.h"
#include "model/results.h"

namespace rb::report {

class SamplesWriter {
 public:
  // Creates the file; throws std::system_error naming the path, also when it exists (the
  // results of two runs must not mix in one file).
  explicit SamplesWriter(const std::filesystem::path& path);
  ~SamplesWriter();
  SamplesWriter(SamplesWriter&& other) noexcept;
  SamplesWriter& operator=(SamplesWriter&& other) noexcept;
  SamplesWriter(const SamplesWriter&) = delete;
  SamplesWriter& operator=(const SamplesWriter&) = delete;

  // The first line: {"event":"run","run_id":..,"workload":..,"plugins":[..],"cells":n,
  // "context":{..}} (the context as the run starts), and a merged run's "shards":[{..}]
  // (each shard's context).
  void write_run_header(const RunResult& run, std::size_t planned_cells);
  // A cell's result as summary.json will have it, as soon as it is final:
  // {"cell":3,"event":"cell_result","result":{..}}
  void write_cell_result(const CellResult& cell);
  // The last line: {"event":"run_end","run_id":..,"context":{..}} (finished_at set).
  void write_run_end(const RunContext& context);

  // {"cell":3,"workload":..,"plugin":..,"params":{..},"round":0,"iteration":1,
  //  "warmup":false,"metrics":{..},"counters":{..}}, and "attempt":n when n > 0: a retried
  // round's samples (exec/interference.h); the latest attempt of a round supersedes the rest.
  // A latency workload's sample also has its histograms and their layout id
  // ("latency_layout", "latency_histogram", "uncorrected_latency_histogram":
  // model/latency_histograms.h).
  void write(const CellSpec& cell, const Sample& sample, int attempt = 0);
  // What one attempt of a cell-round measured of the machine, as soon as it ended:
  // {"cell":..,...,"round":r,"attempt":n,"event":"interference","interference":{..}}
  void write_interference(const CellSpec& cell, const RoundInterference& round);
  // A cell-round that did not end ok: {"cell":..,...,"round":r,"event":status,"reason":..}
  void write_event(const CellSpec& cell, int round, std::string_view status,
                   std::string_view reason);

  const std::filesystem::path& path() const { return path_; }

 private:
  void write_line(std::string line);

  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace rb::report
