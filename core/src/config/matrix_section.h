// [matrix]: the axes the config sweeps, checked against the workload's schema.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <string>

#include "config/plugin_section.h"
#include "config/test_plan.h"
#include "config/toml_access.h"
#include "config/workload_schema.h"

namespace rb::config {

struct MatrixSection {
  std::map<std::string, Axis> axes;  // only the axes the config names
  SourcePos pos;                     // of [matrix], or of the file when it has none
  // Two-process workloads: role -> the plugins listed under that key (role_pairs.h).
  std::map<std::string, std::vector<NamedAt>> role_plugins = {};
};

MatrixSection read_matrix(const TomlReader& reader, const toml::table& root,
                          const WorkloadSchema& schema);

}  // namespace rb::config
