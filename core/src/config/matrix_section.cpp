#include "config/matrix_section.h"

#include "config/axis_values.h"

namespace rb::config {
namespace {

Axis read_axis(const TomlReader& reader, const AxisSchema& schema, const toml::node& node) {
  const std::string what = "axis " + in_quotes(schema.name);
  const toml::array& list = reader.as_homogeneous_list(node, what);
  std::vector<AxisValue> values;
  values.reserve(list.size());
  for (const auto& element : list) {
    if (schema.kind == AxisSchema::Kind::integer) {
      values.push_back({reader.as_integer(element, what), reader.at(element)});
    } else {
      values.push_back({reader.as_string(element, what), reader.at(element)});
    }
  }
  return make_axis(schema, values, reader.at(node));
}

}  // namespace

MatrixSection read_matrix(const TomlReader& reader, const toml::table& root,
                          const WorkloadSchema& schema) {
  MatrixSection section{{}, reader.at(root)};
  const toml::node* node = root.get("matrix");
  if (node == nullptr) return section;
  const toml::table& table = reader.as_table(*node, "[matrix]");
  section.pos = reader.at(table);
  reader.reject_unknown_keys(table, schema.axis_names(),
                             "in [matrix] (axes of workload " + in_quotes(schema.name) + ")");
  for (const auto& [key, value] : reader.entries(table)) {
    const AxisSchema* axis = schema.find_axis(key->str());
    section.axes.emplace(axis->name, read_axis(reader, *axis, *value));
  }
  return section;
}

}  // namespace rb::config
