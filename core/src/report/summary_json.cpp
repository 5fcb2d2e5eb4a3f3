#include "report/summary_json.h"

#include "model/json_codec.h"
#include "report/atomic_file.h"

namespace rb::report {

std::string format_summary_json(const RunResult& run) {
  return model::dump_json(model::to_json(run, model::SampleDetail::count), 2) + '\n';
}

void write_summary_json(const RunResult& run, const std::filesystem::path& path) {
  write_file_atomically(path, format_summary_json(run));
}

RunResult read_summary_json(const std::filesystem::path& path) {
  return model::read_json_file(path, [](const model::JsonField& j) {
    RunResult run;
    model::from_json(j, run);
    return run;
  });
}

}  // namespace rb::report
