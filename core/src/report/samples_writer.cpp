#include "report/samples_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include "model/interference_json.h"
#include "model/json_codec.h"
#include "model/latency_histograms.h"
#include "report/atomic_file.h"
#include "report/new_file.h"

namespace rb::report {

namespace {

model::Json cell_fields(const CellSpec& cell) {
  return model::Json{{"cell", cell.index},
                     {"workload", cell.workload},
                     {"plugin", cell.plugin},
                     {"params", model::params_to_json(cell.params)}};
}

}  // namespace

SamplesWriter::SamplesWriter(const std::filesystem::path& path)
    : path_(path), fd_(create_new_file(path, O_APPEND)) {}

SamplesWriter::~SamplesWriter() {
  if (fd_ >= 0) ::close(fd_);
}

SamplesWriter::SamplesWriter(SamplesWriter&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

SamplesWriter& SamplesWriter::operator=(SamplesWriter&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

void SamplesWriter::write_run_header(const RunResult& run, std::size_t planned_cells) {
  model::Json header{{"event", "run"},           {"run_id", run.context.run_id},
                     {"workload", run.workload}, {"plugins", run.plugins},
                     {"cells", planned_cells},   {"context", model::to_json(run.context)}};
  if (!run.shards.empty()) {
    model::Json shards = model::Json::array();
    for (const auto& shard : run.shards) shards.push_back(model::to_json(shard));
    header["shards"] = std::move(shards);
  }
  write_line(model::dump_json(header));
}

void SamplesWriter::write_cell_result(const CellResult& cell) {
  write_line(model::dump_json(model::Json{
      {"cell", cell.cell.index}, {"event", "cell_result"}, {"result", model::to_json(cell)}}));
}

void SamplesWriter::write_run_end(const RunContext& context) {
  write_line(model::dump_json(model::Json{
      {"event", "run_end"}, {"run_id", context.run_id}, {"context", model::to_json(context)}}));
}

void SamplesWriter::write(const CellSpec& cell, const Sample& sample, int attempt) {
  model::Json line = cell_fields(cell);
  line["round"] = sample.round;
  if (attempt > 0) line["attempt"] = attempt;
  line["iteration"] = sample.iteration;
  line["warmup"] = sample.warmup;
  line["metrics"] = sample.metrics;
  line["counters"] = sample.counters;
  model::histograms_to_json(sample, line);
  write_line(model::dump_json(line));
}

void SamplesWriter::write_event(const CellSpec& cell, int round, std::string_view status,
                                std::string_view reason) {
  model::Json line = cell_fields(cell);
  line["round"] = round;
  line["event"] = status;
  line["reason"] = reason;
  write_line(model::dump_json(line));
}

void SamplesWriter::write_interference(const CellSpec& cell, const RoundInterference& round) {
  model::Json line = cell_fields(cell);
  line["round"] = round.round;
  line["attempt"] = round.attempt;
  line["event"] = "interference";
  line["interference"] = model::to_json(round);
  write_line(model::dump_json(line));
}

// One write(2) per line: with O_APPEND the line lands whole at the end of the file, and once
// the call returns it survives the process being killed.
void SamplesWriter::write_line(std::string line) {
  if (fd_ < 0) throw std::system_error(EBADF, std::generic_category(), "samples writer moved from");
  line += '\n';
  write_all(fd_, line, path_);
}

}  // namespace rb::report
