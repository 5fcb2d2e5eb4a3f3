#include "store/run_tags.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "store/run_reader.h"
#include "store/schema.h"
#include "text/printable.h"

namespace rb::store {

namespace {

bool allowed_in_tag(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
}

// The character that starts `rest` as a message shows it: a UTF-8 sequence whole ('é', not a
// lone byte), a control character escaped ('\x1B'), through the printable-text path.
std::string shown_character(std::string_view rest) {
  const auto lead = static_cast<unsigned char>(rest.front());
  const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  return "'" + text::printable(rest.substr(0, std::min(length, rest.size()))) + "'";
}

// Why this character cannot be in a tag name, for one that is not allowed.
std::string unfit_character(std::string_view rest) {
  const auto c = static_cast<unsigned char>(rest.front());
  const std::string shown = shown_character(rest);
  if (c >= 0x80) return shown + " is not ASCII";
  if (c < 0x20 || c == 0x7f) return shown + " is a control character";
  return "not " + shown;
}

}  // namespace

std::string invalid_tag_reason(std::string_view name) {
  if (name.empty()) return "a tag needs a name";
  if (name.size() > 64) return "a tag name has at most 64 characters";
  const char first = name.front();
  if (std::isdigit(static_cast<unsigned char>(first)) || first == '#')
    return "a tag name starts with a letter (a number is a run id)";
  if (!std::isalpha(static_cast<unsigned char>(first)))
    return fmt::format("a tag name starts with a letter ({})", unfit_character(name));
  if (name == "last" || name.starts_with("last~") || name == "previous")
    return fmt::format("'{}' already means a run", name);
  for (std::size_t i = 0; i < name.size(); ++i)
    if (!allowed_in_tag(name[i]))
      return fmt::format("a tag name has only letters, digits, '.', '_' and '-' ({})",
                         unfit_character(name.substr(i)));
  return "";
}

std::optional<std::int64_t> set_tag(Database& db, std::string_view name, std::int64_t run_id,
                                    std::string_view tagged_at) {
  if (const std::string why = invalid_tag_reason(name); !why.empty())
    throw StoreError(fmt::format("tag '{}': {}", text::printable_excerpt(name), why));
  if (!find_run(db, run_id)) throw StoreError(fmt::format("{}: no run {}", db.name(), run_id));
  Transaction tx(db);
  const std::optional<std::int64_t> before = find_tag(db, name);
  Statement upsert = db.prepare(
      "INSERT INTO run_tags (name, run_id, tagged_at) VALUES (?1, ?2, ?3) "
      "ON CONFLICT (name) DO UPDATE SET run_id = excluded.run_id, tagged_at = excluded.tagged_at");
  upsert.bind(1, std::string(name)).bind(2, run_id).bind(3, std::string(tagged_at));
  upsert.run();
  tx.commit();
  return before;
}

std::optional<std::int64_t> find_tag(Database& db, std::string_view name) {
  if (db.user_version() < kTagsVersion) return std::nullopt;
  Statement row = db.prepare("SELECT run_id FROM run_tags WHERE name = ?1");
  row.bind(1, std::string(name));
  if (!row.step()) return std::nullopt;
  return row.column_int(0);
}

std::vector<RunTag> list_tags(Database& db) {
  std::vector<RunTag> out;
  if (db.user_version() < kTagsVersion) return out;
  Statement rows = db.prepare("SELECT name, run_id, tagged_at FROM run_tags ORDER BY name");
  while (rows.step()) out.push_back({rows.column_text(0), rows.column_int(1), rows.column_text(2)});
  return out;
}

}  // namespace rb::store
