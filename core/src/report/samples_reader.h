// Reading samples.jsonl back: the samples of each cell, so a results directory carries the
// same data as a stored run (compare needs the samples, not only the summaries).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <vector>

#include "model/results.h"

namespace rb::report {

// Samples by cell index, in file order; event lines (a cell-round that did not end ok, a
// round's interference) are skipped, and so are the samples of a retried round's superseded
// attempts (only its latest attempt counts). A torn last line, as a killed run can leave, is
// ignored; any other malformed line throws std::runtime_error naming the file and line. A missing
// file gives no samples.
std::map<std::size_t, std::vector<Sample>> read_samples_jsonl(const std::filesystem::path& path);

// Puts each cell's samples (matched by cell index) into run.cells[].samples.
void attach_samples(RunResult& run, std::map<std::size_t, std::vector<Sample>> samples);

// summary.json and samples.jsonl of a results directory together: a whole RunResult.
RunResult read_results_dir(const std::filesystem::path& dir);

}  // namespace rb::report
