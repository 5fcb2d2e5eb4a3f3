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

void check_summary_schema(const model::JsonField& j) {
  // Not an object: from_json says what is wrong with it, rather than the version's lookup.
  if (!j.is_object()) return;
  const auto field = j.find("schema_version");
  if (!field) return;
  const model::Json& value = field->json();
  const std::string understood =
      kSummarySchemaVersion == 1 ? std::string("1") : fmt::format("1 to {}", kSummarySchemaVersion);
  if (!value.is_number_integer())
    throw model::JsonError(fmt::format("schema_version: {} is not a version (this runner reads {})",
                                       model::dump_json(value, -1), understood));
  const auto version = value.get<std::int64_t>();
  if (version > kSummarySchemaVersion)
    throw model::JsonError(
        fmt::format("schema_version: {} is newer than this runner reads ({}): the file was "
                    "written by a newer reactorbench",
                    version, understood));
  if (version < 1)
    throw model::JsonError(fmt::format("schema_version: {} is not a version this runner reads ({})",
                                       version, understood));
}

RunResult read_summary_json(const std::filesystem::path& path) {
  return model::read_json_file(path, kSummaryJsonBound, [](const model::JsonField& j) {
    check_summary_schema(j);
    RunResult run;
    model::from_json(j, run);
    return run;
  });
}

}  // namespace rb::report
