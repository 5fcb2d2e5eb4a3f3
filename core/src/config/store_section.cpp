#include "config/store_section.h"

namespace rb::config {

std::string read_store_path(const TomlReader& reader, const toml::node* store) {
  if (store == nullptr) return {};
  const toml::table& table = reader.as_table(*store, "[store]");
  reader.reject_unknown_keys(table, {"path"}, "in [store]");
  const toml::node* path = table.get("path");
  if (path == nullptr)
    reader.fail(reader.at(table), "[store] needs a path, e.g. path = \"results/history.db\"");
  const std::string& text = reader.as_string(*path, "path");
  if (text.empty()) reader.fail(*path, "[store] path must not be empty");
  return text;
}

}  // namespace rb::config
