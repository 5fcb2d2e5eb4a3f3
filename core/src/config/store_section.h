// [store]: where `runner run` appends its results by default (the history database).
#pragma once

#include <toml++/toml.h>

#include <string>

#include "config/toml_access.h"

namespace rb::config {

// `path` from the [store] table (`store` may be null: no default store, ""). The path is
// kept as written; the runner resolves it against its working directory.
std::string read_store_path(const TomlReader& reader, const toml::node* store);

}  // namespace rb::config
