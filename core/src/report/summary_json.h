// summary.json: the run's context and every cell's status, summaries, rusage and provenance.
#pragma once

#include <filesystem>

#include "model/json_field.h"
#include "model/results.h"

namespace rb::report {

// summary.json's "schema_version", its first member. 1: the first versioned layout (a file
// without the member is read as version 1: it predates the field, not the layout). A later
// change that an older reader would misread bumps it; adding a member it can ignore does not.
inline constexpr int kSummarySchemaVersion = 1;

// Replaces path atomically. Cells carry their sample count; samples.jsonl has the samples.
std::string format_summary_json(const RunResult& run);
void write_summary_json(const RunResult& run, const std::filesystem::path& path);

// The one check of a summary.json's schema_version, for every reader of one: absent reads as
// 1; anything but an integer from 1 to kSummarySchemaVersion throws model::JsonError saying
// what was found and which versions this runner reads (the caller's error names the file).
void check_summary_schema(const model::JsonField& summary);

// The most a summary.json may hold: far above a run's of many thousand cells, far below what
// would exhaust memory (a summary of an old runner holds every sample too).
inline constexpr model::FileBound kSummaryJsonBound{"summary.json", std::uint64_t{256} << 20};

// Reads a file written by write_summary_json (cells come back without samples). Throws
// std::runtime_error naming the path for an unreadable file or malformed content, and for a
// schema_version newer than kSummarySchemaVersion (a newer runner's file).
RunResult read_summary_json(const std::filesystem::path& path);

}  // namespace rb::report
