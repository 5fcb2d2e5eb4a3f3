#include "report/summary_json.h"

#include <fstream>
#include <stdexcept>

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
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  try {
    RunResult run;
    model::from_json(model::Json::parse(in), run);
    return run;
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

}  // namespace rb::report
