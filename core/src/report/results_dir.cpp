#include "report/results_dir.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "model/json_codec.h"
#include "report/samples_reader.h"
#include "report/summary_json.h"

namespace rb::report {
namespace {

struct SummaryFile {
  RunResult run;
  std::map<std::size_t, std::size_t> sample_counts;  // cell index -> "samples"
};

SummaryFile read_summary_with_counts(const std::filesystem::path& path) {
  return model::read_json_file(path, kSummaryJsonBound, [](const model::JsonField& j) {
    check_summary_schema(j);
    SummaryFile out;
    model::from_json(j, out.run);
    for (const auto& cell : j.at("cells").elements()) {
      const auto samples = cell.at("samples");
      out.sample_counts[cell.at("index").get<std::size_t>()] =
          samples.is_array() ? samples.json().size() : samples.get<std::size_t>();
    }
    return out;
  });
}

std::string cell_name(const RunResult& run, std::size_t index) {
  for (const auto& cell : run.cells)
    if (cell.cell.index == index)
      return fmt::format("cell {} ({} {} {})", index, cell.cell.workload, cell.cell.plugin,
                         cell.cell.params_label());
  return fmt::format("cell {}", index);
}

// Throws when samples.jsonl cannot be the file of the run summary.json describes.
void check_same_run(const SummaryFile& summary, const SamplesFile& samples,
                    const std::filesystem::path& summary_path,
                    const std::filesystem::path& samples_path) {
  const auto mismatch = [&](const std::string& what) {
    return std::runtime_error(fmt::format(
        "{} does not belong with {}: {}; the results of two runs are mixed in one directory "
        "(run each into a directory of its own)",
        samples_path.string(), summary_path.string(), what));
  };
  if (samples.headers.size() > 1) {
    std::vector<std::string> ids;
    for (const auto& header : samples.headers) ids.push_back(header.context.run_id);
    throw mismatch(fmt::format("it holds {} runs ({})", ids.size(), fmt::join(ids, ", ")));
  }
  const std::string& id = summary.run.context.run_id;
  if (!id.empty() && samples.headers.empty())
    throw mismatch(fmt::format("it has no run header, summary.json is run {}", id));
  if (!id.empty() && samples.headers.front().context.run_id != id)
    throw mismatch(fmt::format("it is run {}, summary.json is run {}",
                               samples.headers.front().context.run_id, id));
  std::map<std::size_t, std::size_t> found;
  for (const auto& [index, cell_samples] : samples.samples) found[index] = cell_samples.size();
  for (const auto& [index, count] : summary.sample_counts) found.try_emplace(index, 0);
  for (const auto& [index, n] : found) {
    const auto counted = summary.sample_counts.find(index);
    const std::size_t expected = counted == summary.sample_counts.end() ? 0 : counted->second;
    if (n != expected)
      throw mismatch(fmt::format("{} has {} samples there, {} in summary.json",
                                 cell_name(summary.run, index), n, expected));
  }
}

}  // namespace

RunResult read_results_dir(const std::filesystem::path& dir) {
  const auto summary_path = dir / "summary.json";
  const auto samples_path = dir / "samples.jsonl";
  SummaryFile summary = read_summary_with_counts(summary_path);
  SamplesFile samples = read_samples_file(samples_path);
  check_same_run(summary, samples, summary_path, samples_path);
  attach_samples(summary.run, std::move(samples.samples));
  return std::move(summary.run);
}

RebuiltRun rebuild_run_from_samples(const std::filesystem::path& samples_jsonl) {
  if (!std::filesystem::exists(samples_jsonl))
    throw std::runtime_error(fmt::format("{}: no such file", samples_jsonl.string()));
  SamplesFile file = read_samples_file(samples_jsonl);
  if (file.headers.size() != 1)
    throw std::runtime_error(fmt::format(
        "{}: {} run headers; a summary can be rebuilt from the samples of exactly one run "
        "(a file written by a runner before run headers has none)",
        samples_jsonl.string(), file.headers.size()));
  RunHeaderRecord& header = file.headers.front();
  RebuiltRun out;
  out.planned = header.cells;
  out.ended = file.run_end.has_value();
  out.run.context = file.run_end ? std::move(*file.run_end) : std::move(header.context);
  out.run.workload = std::move(header.workload);
  out.run.plugins = std::move(header.plugins);
  out.run.shards = std::move(header.shards);
  for (auto& [index, cell] : file.cell_results) out.run.cells.push_back(std::move(cell));
  attach_samples(out.run, std::move(file.samples));
  return out;
}

}  // namespace rb::report
