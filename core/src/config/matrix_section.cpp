#include "config/matrix_section.h"

#include <algorithm>

#include "config/axis_values.h"
#include "config/duration_axis.h"
#include "config/role_pairs.h"

namespace rb::config {
namespace {

// A duration axis takes "10s"-style strings or whole seconds, kept in canonical spelling.
std::string read_duration(const TomlReader& reader, const std::string& what,
                          const toml::node& element) {
  std::string why;
  std::optional<std::string> value;
  if (element.is_integer()) {
    value = canonical_duration_seconds(reader.as_integer(element, what), why);
  } else if (element.is_string()) {
    value = canonical_duration(reader.as_string(element, what), why);
  } else {
    reader.fail(element, what +
                             ": expected a duration such as \"10s\" or an integer number of "
                             "seconds, got " +
                             type_phrase(element.type()));
  }
  if (!value) reader.fail(element, what + ": " + render_toml(element) + ": " + why);
  return *value;
}

Axis read_axis(const TomlReader& reader, const AxisSchema& schema, const toml::node& node) {
  const std::string what = "axis " + in_quotes(schema.name);
  const toml::array& list = reader.as_homogeneous_list(node, what);
  std::vector<AxisValue> values;
  values.reserve(list.size());
  for (const auto& element : list) {
    if (schema.kind == AxisSchema::Kind::integer) {
      values.push_back({reader.as_integer(element, what), reader.at(element)});
    } else if (schema.kind == AxisSchema::Kind::duration) {
      values.push_back({read_duration(reader, what, element), reader.at(element)});
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
  std::vector<std::string> keys = schema.axis_names();
  keys.insert(keys.end(), schema.roles.begin(), schema.roles.end());
  reader.reject_unknown_keys(table, keys,
                             "in [matrix] (axes of workload " + in_quotes(schema.name) + ")");
  for (const auto& [key, value] : reader.entries(table)) {
    const std::string name(key->str());
    if (std::find(schema.roles.begin(), schema.roles.end(), name) != schema.roles.end()) {
      section.role_plugins.emplace(name, read_role_list(reader, *value, name));
      continue;
    }
    const AxisSchema* axis = schema.find_axis(key->str());
    section.axes.emplace(axis->name, read_axis(reader, *axis, *value));
  }
  return section;
}

}  // namespace rb::config
