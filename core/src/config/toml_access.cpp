#include "config/toml_access.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "config/suggestion.h"
#include "text/enum_names.h"

namespace rb::config {
namespace {

std::string render_float(double value) {
  char buf[64];
  const auto result = std::to_chars(buf, buf + sizeof buf, value);
  std::string text(buf, result.ptr);
  // to_chars writes 1.0 as "1"; TOML needs the point to keep it a float.
  if (text.find_first_of(".eni") == std::string::npos) text += ".0";
  return text;
}

template <typename T>
std::string stream_value(const toml::node& node) {
  std::ostringstream out;
  out << *node.as<T>();
  return out.str();
}

std::string got(const toml::node& node) {
  std::string text = type_phrase(node.type());
  const std::string shown = render_toml(node);
  if (!shown.empty()) text += " (" + shown + ")";
  return text;
}

}  // namespace

std::string type_phrase(toml::node_type type) {
  constexpr text::EnumName<toml::node_type> kPhrases[] = {
      {toml::node_type::table, "a table"},
      {toml::node_type::array, "a list"},
      {toml::node_type::string, "a string"},
      {toml::node_type::integer, "an integer"},
      {toml::node_type::floating_point, "a float"},
      {toml::node_type::boolean, "a boolean"},
      {toml::node_type::date, "a date"},
      {toml::node_type::time, "a time"},
      {toml::node_type::date_time, "a date-time"}};
  return text::name_of(kPhrases, type, "nothing");
}

std::string render_scalar(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return *node.value_exact<std::string>();
    case toml::node_type::integer:
      return std::to_string(*node.value_exact<std::int64_t>());
    case toml::node_type::floating_point:
      return render_float(*node.value_exact<double>());
    case toml::node_type::boolean:
      return *node.value_exact<bool>() ? "true" : "false";
    case toml::node_type::date:
      return stream_value<toml::date>(node);
    case toml::node_type::time:
      return stream_value<toml::time>(node);
    case toml::node_type::date_time:
      return stream_value<toml::date_time>(node);
    case toml::node_type::table:
    case toml::node_type::array:
    case toml::node_type::none:
      break;
  }
  return {};
}

std::string render_toml(const toml::node& node) {
  if (!node.is_string()) return printable(render_scalar(node));
  std::string out = "\"";
  for (char c : printable(*node.value_exact<std::string>())) {
    if (c == '"') out += '\\';
    out += c;
  }
  out += '"';
  // Long strings are only ever shown as hints; keep the message readable.
  constexpr std::size_t max_shown = 60;
  if (out.size() > max_shown) out = out.substr(0, max_shown) + "...\"";
  return out;
}

SourcePos TomlReader::at(const toml::source_region& region) const {
  // Nodes toml++ did not read from text have no position; the file's start is the honest
  // fallback.
  if (region.begin.line == 0) return {file_, 1, 1};
  return {file_, static_cast<int>(region.begin.line), static_cast<int>(region.begin.column)};
}

void TomlReader::fail(const SourcePos& pos, const std::string& message) const {
  throw ConfigError(pos, message);
}

std::vector<std::pair<const toml::key*, const toml::node*>> TomlReader::entries(
    const toml::table& table) const {
  std::vector<std::pair<const toml::key*, const toml::node*>> out;
  for (auto&& [key, node] : table) out.emplace_back(&key, &node);
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    const auto& pa = a.first->source().begin;
    const auto& pb = b.first->source().begin;
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
  return out;
}

void TomlReader::reject_unknown_keys(const toml::table& table,
                                     const std::vector<std::string>& allowed,
                                     const std::string& where) const {
  for (const auto& [key, node] : entries(table)) {
    const std::string_view name = key->str();
    if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) continue;
    fail(at(*key), "unknown key " + in_quotes(name) + " " + where + suggestion(name, allowed));
  }
}

const toml::table& TomlReader::as_table(const toml::node& node, std::string_view what) const {
  if (const auto* table = node.as_table()) return *table;
  fail(node, std::string(what) + ": expected a table, got " + got(node));
}

const toml::array& TomlReader::as_list(const toml::node& node, std::string_view what) const {
  if (const auto* array = node.as_array()) return *array;
  if (node.is_value())
    fail(node, std::string(what) + ": expected a list, got " + got(node) + "; write [" +
                   render_toml(node) + "]");
  fail(node, std::string(what) + ": expected a list, got " + got(node));
}

const std::string& TomlReader::as_string(const toml::node& node, std::string_view what) const {
  if (const auto* value = node.as_string()) return value->get();
  fail(node, std::string(what) + ": expected a string, got " + got(node));
}

std::int64_t TomlReader::as_integer(const toml::node& node, std::string_view what) const {
  if (const auto* value = node.as_integer()) return value->get();
  fail(node, std::string(what) + ": expected an integer, got " + got(node));
}

std::int64_t TomlReader::as_integer_in(const toml::node& node, std::string_view what,
                                       std::int64_t min, std::int64_t max) const {
  const std::int64_t value = as_integer(node, what);
  if (value < min)
    fail(node, std::string(what) + " must be at least " + std::to_string(min) + ", got " +
                   std::to_string(value));
  if (value > max)
    fail(node, std::string(what) + " must be at most " + std::to_string(max) + ", got " +
                   std::to_string(value));
  return value;
}

const toml::array& TomlReader::as_homogeneous_list(const toml::node& node,
                                                   std::string_view what) const {
  const toml::array& list = as_list(node, what);
  if (list.empty()) fail(node, std::string(what) + ": the list must not be empty");
  const toml::node_type first = list.front().type();
  for (std::size_t i = 1; i < list.size(); ++i) {
    if (list[i].type() != first)
      fail(list[i], std::string(what) + ": mixed types in list: element " + std::to_string(i + 1) +
                        " is " + type_phrase(list[i].type()) + ", the first is " +
                        type_phrase(first));
  }
  return list;
}

}  // namespace rb::config
