// The files of core/templates/new_plugin, embedded in the runner at build time
// (cmake/embed_templates.cmake), so an installed runner needs no share/ directory for them.
#pragma once

#include <string_view>

namespace rb::cli {

// The template file `name` (e.g. "flower.c"); throws std::out_of_range for none.
std::string_view new_plugin_template(std::string_view name);

}  // namespace rb::cli
