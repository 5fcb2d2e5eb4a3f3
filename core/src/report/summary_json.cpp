#include "report/summary_json.h"

#include <fstream>
#include <stdexcept>

#include "report/atomic_file.h"
#include "report/json_codec.h"

namespace rb::report {

void write_summary_json(const RunResult& run, const std::filesystem::path& path) {
  write_file_atomically(path, dump_json(to_json(run, SampleDetail::count), 2) + '\n');
}

RunResult read_summary_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  try {
    RunResult run;
    from_json(Json::parse(in), run);
    return run;
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

}  // namespace rb::report
