// The JSON shape of the result model, shared by summary.json and samples.jsonl.
//
// Objects keep insertion order (ordered_json) so params stay in the config's axis order and
// a file reads top-down the way the structs are declared.
#pragma once

#include "model/cell.h"
#include "model/json_field.h"
#include "model/results.h"
#include "stats/summary.h"

namespace rb::model {

// Whether a cell carries its samples or only their number ("samples": 24). summary.json
// uses the count; the samples themselves live in samples.jsonl.
enum class SampleDetail { count, full };

Json to_json(const stats::Summary& summary);
Json to_json(const Sample& sample);
Json to_json(const Rusage& rusage);
Json to_json(const Provenance& provenance);
// index, workload, plugin, params; what the plugin name loads and with which options
// (base_plugin, plugin_options; per role for two-process cells) when the cell knows it.
Json to_json(const CellSpec& cell);
Json to_json(const CellResult& result, SampleDetail detail = SampleDetail::count);
Json to_json(const RunContext& context);
Json to_json(const RunResult& run, SampleDetail detail = SampleDetail::count);

// {"pipes": 100, "transport": "socketpair"}: integers stay numbers.
Json params_to_json(const std::vector<Param>& params);
std::vector<Param> params_from_json(const JsonField& object);

// {"wakeup": "eventfd"}: a plugin's options, in the order the plugin gets them.
Json options_to_json(const PluginOptionList& options);
PluginOptionList options_from_json(const JsonField& object);

// Readers for what the writers above produce. They throw JsonError naming the field's path
// ("cells[3].metrics.setup_us.median: expected a number (found a string)") for a missing
// key, a wrong type or an unknown status. A cell written with SampleDetail::count reads
// back with no samples.
void from_json(const JsonField& j, stats::Summary& summary);
void from_json(const JsonField& j, Sample& sample);
void from_json(const JsonField& j, Rusage& rusage);
void from_json(const JsonField& j, Provenance& provenance);
void from_json(const JsonField& j, CellSpec& cell);
void from_json(const JsonField& j, CellResult& result);
void from_json(const JsonField& j, RunContext& context);
void from_json(const JsonField& j, RunResult& run);
// The same from a whole document (paths start at its top).
template <typename T>
void from_json(const Json& j, T& out) {
  from_json(JsonField(j), out);
}

CellStatus cell_status_from_string(std::string_view text);

// Serialises with invalid UTF-8 replaced by U+FFFD instead of throwing: a plugin's odd error
// text must not cost a run its results. indent < 0 gives one line.
std::string dump_json(const Json& j, int indent = -1);

}  // namespace rb::model
