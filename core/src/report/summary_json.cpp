#include "report/summary_json.h"

#include <fmt/format.h>

#include "model/json_codec.h"
#include "report/atomic_file.h"

namespace rb::report {

std::string format_summary_json(const RunResult& run) {
  model::Json out{{"schema_version", kSummarySchemaVersion}};
  out.update(model::to_json(run, model::SampleDetail::count));
  return model::dump_json(out, 2) + '\n';
}

void write_summary_json(const RunResult& run, const std::filesystem::path& path) {
  write_file_atomically(path, format_summary_json(run));
}

RunResult read_summary_json(const std::filesystem::path& path) {
  return model::read_json_file(path, [](const model::JsonField& j) {
    // Not an object: from_json says what is wrong with it, rather than the version's lookup.
    const int version =
        j.is_object() ? j.value("schema_version", kSummarySchemaVersion) : kSummarySchemaVersion;
    if (version > kSummarySchemaVersion)
      throw model::JsonError(
          fmt::format("schema_version: {} is newer than this runner reads ({}): the file was "
                      "written by a newer reactorbench",
                      version, kSummarySchemaVersion));
    RunResult run;
    model::from_json(j, run);
    return run;
  });
}

}  // namespace rb::report
