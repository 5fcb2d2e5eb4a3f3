// summary.json: the run's context and every cell's status, summaries, rusage and provenance.
#pragma once

#include <filesystem>

#include "model/results.h"

namespace rb::report {

// Replaces path atomically. Cells carry their sample count; samples.jsonl has the samples.
std::string format_summary_json(const RunResult& run);
void write_summary_json(const RunResult& run, const std::filesystem::path& path);

// Reads a file written by write_summary_json (cells come back without samples). Throws
// std::runtime_error naming the path for an unreadable file or malformed content.
RunResult read_summary_json(const std::filesystem::path& path);

}  // namespace rb::report
