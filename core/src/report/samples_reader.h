// Reading samples.jsonl back: the samples of each cell, so a results directory carries the
// same data as a stored run (compare needs the samples, not only the summaries), and the
// run's own records (its header, each cell's final result, its end), from which
// `runner summarize` rebuilds the summary.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/regular_file.h"
#include "model/results.h"

namespace rb::report {

// {"event":"run",...}: the first line of a run's samples.jsonl (report/samples_writer.h).
struct RunHeaderRecord {
  RunContext context;  // as the run started: its run_id, no finished_at
  std::string workload;
  std::vector<std::string> plugins;
  std::size_t cells = 0;                // in the plan
  std::vector<RunContext> shards = {};  // a merged run's shards (RunResult::shards)
};

struct SamplesFile {
  // Samples by cell index, in file order, warm-up ones and a retried round's superseded
  // attempts left out (only its latest attempt counts, as it did in the run).
  std::map<std::size_t, std::vector<Sample>> samples;
  std::vector<RunHeaderRecord> headers;            // one per run that wrote to the file
  std::map<std::size_t, CellResult> cell_results;  // each cell's final result, no samples
  std::optional<RunContext> run_end;               // the context as the run ended
};

// The most a samples.jsonl may hold (a sample line is some hundred bytes: millions of
// samples); past it the file is refused rather than read into memory.
inline constexpr model::FileBound kSamplesJsonlBound{"samples.jsonl", std::uint64_t{4} << 30};

// Every line of the file by kind (read as model/regular_file.h reads: a link, a FIFO, a
// device or a file past kSamplesJsonlBound throws model::FileReadError naming it). A torn last
// line, as a killed run can leave, is ignored; any other malformed line throws std::runtime_error
// "<path>:<line>: <field>: <what>". A missing file is an empty SamplesFile.
SamplesFile read_samples_file(const std::filesystem::path& path);

// read_samples_file(path).samples.
std::map<std::size_t, std::vector<Sample>> read_samples_jsonl(const std::filesystem::path& path);

// Puts each cell's samples (matched by cell index) into run.cells[].samples.
void attach_samples(RunResult& run, std::map<std::size_t, std::vector<Sample>> samples);

}  // namespace rb::report
