// summary.json: the run's context and every cell's status, summaries, rusage and provenance.
#pragma once

#include <filesystem>

#include "model/results.h"
#include "report/reporter.h"

namespace rb::report {

// Replaces path atomically. Cells carry their sample count; samples.jsonl has the samples.
void write_summary_json(const RunResult& run, const std::filesystem::path& path);

// summary.json's bytes, from ReportInput::run.
const Reporter& summary_json_reporter();

// Reads a file written by write_summary_json (cells come back without samples). Throws
// std::runtime_error naming the path for an unreadable file or malformed content.
RunResult read_summary_json(const std::filesystem::path& path);

}  // namespace rb::report
