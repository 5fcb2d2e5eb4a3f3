// Reading toml++ nodes strictly: exact types (a bool is not an integer), positions on every
// error, keys in file order, unknown keys rejected with a suggestion.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "config/source_pos.h"

namespace rb::config {

class TomlReader {
 public:
  explicit TomlReader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }

  SourcePos at(const toml::source_region& region) const;
  SourcePos at(const toml::node& node) const { return at(node.source()); }
  SourcePos at(const toml::key& key) const { return at(key.source()); }

  [[noreturn]] void fail(const SourcePos& pos, const std::string& message) const;
  [[noreturn]] void fail(const toml::node& node, const std::string& message) const {
    fail(at(node), message);
  }

  // The table's entries sorted by position, so the first error reported is the first one
  // in the file (toml++ keeps them sorted by name).
  std::vector<std::pair<const toml::key*, const toml::node*>> entries(
      const toml::table& table) const;

  // Rejects the first key not in `allowed`: "unknown key 'x' <where>; did you mean 'y'?",
  // where `where` reads like "in [run]" or "at the top level".
  void reject_unknown_keys(const toml::table& table, const std::vector<std::string>& allowed,
                           const std::string& where) const;

  // The value as the given type, or a "expected X, got Y" error at the value.
  const toml::table& as_table(const toml::node& node, std::string_view what) const;
  const toml::array& as_list(const toml::node& node, std::string_view what) const;
  const std::string& as_string(const toml::node& node, std::string_view what) const;
  std::int64_t as_integer(const toml::node& node, std::string_view what) const;

  // An integer within [min, max]: "<what> must be at least <min>" / "at most <max>".
  std::int64_t as_integer_in(const toml::node& node, std::string_view what, std::int64_t min,
                             std::int64_t max) const;

  // A non-empty list whose elements all have the type of the first one.
  const toml::array& as_homogeneous_list(const toml::node& node, std::string_view what) const;

 private:
  std::string file_;
};

// "an integer", "a string", "a boolean", "a table", ...
std::string type_phrase(toml::node_type type);

// The value as TOML would write it: 42, true, 0.5, 1979-05-27; strings without quotes.
// Empty for arrays and tables.
std::string render_scalar(const toml::node& node);

// The value in TOML syntax, strings quoted: for hints such as "write [100]".
std::string render_toml(const toml::node& node);

}  // namespace rb::config
