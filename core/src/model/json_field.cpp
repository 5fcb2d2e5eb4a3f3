#include "model/json_field.h"

#include <fmt/format.h>

namespace rb::model {
namespace {

const char* kind_of(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::number_float:
      return "a number";
    default:
      return "something else";
  }
}

// A key as it goes into a path: control characters escaped, so no file can put its bytes
// on the terminal through an error message.
std::string printable_key(std::string_view key) {
  std::string out;
  for (const char c : key) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f)
      out += fmt::format("\\x{:02x}", byte);
    else
      out += c;
  }
  return out;
}

std::string member_path(const std::string& parent, std::string_view key) {
  return parent.empty() ? printable_key(key) : parent + "." + printable_key(key);
}

}  // namespace

std::string without_nlohmann_id(const std::string& what) {
  // "[json.exception.parse_error.101] parse error at line 1, column 5: ...": the part after
  // nlohmann's id.
  const auto end_of_id = what.find("] ");
  return end_of_id == std::string::npos ? what : what.substr(end_of_id + 2);
}

Json parse_json(std::string_view text) {
  try {
    return Json::parse(text);
  } catch (const Json::exception& e) {
    // A syntax error, or a number too large for a double (out_of_range.406, found by
    // scripts/fuzz-results: it escaped every reader without the file's name).
    throw JsonError("not valid JSON: " + without_nlohmann_id(e.what()));
  }
}

Json parse_json(std::string_view text, const std::filesystem::path& path) {
  try {
    return parse_json(text);
  } catch (const JsonError& e) {
    throw JsonError(path.string() + ": " + e.what());
  }
}

void JsonField::fail(std::string_view expected) const {
  const std::string what = fmt::format("expected {} (found {})", expected, kind_of(*json_));
  throw JsonError(path_.empty() ? what : path_ + ": " + what);
}

JsonField JsonField::at(std::string_view key) const {
  if (!json_->is_object()) fail("an object with \"" + printable_key(key) + "\"");
  const auto it = json_->find(std::string(key));
  if (it == json_->end()) throw JsonError(member_path(path_, key) + ": missing");
  return JsonField(*it, member_path(path_, key));
}

std::optional<JsonField> JsonField::find(std::string_view key) const {
  if (!json_->is_object()) fail("an object");
  const auto it = json_->find(std::string(key));
  if (it == json_->end() || it->is_null()) return std::nullopt;
  return JsonField(*it, member_path(path_, key));
}

std::vector<JsonField> JsonField::elements() const {
  if (!json_->is_array()) fail("an array");
  std::vector<JsonField> out;
  out.reserve(json_->size());
  for (std::size_t i = 0; i < json_->size(); ++i)
    out.emplace_back((*json_)[i], fmt::format("{}[{}]", path_, i));
  return out;
}

std::vector<std::pair<std::string, JsonField>> JsonField::members() const {
  if (!json_->is_object()) fail("an object");
  std::vector<std::pair<std::string, JsonField>> out;
  for (const auto& [key, value] : json_->items())
    out.emplace_back(key, JsonField(value, member_path(path_, key)));
  return out;
}

bool JsonField::boolean() const {
  if (!json_->is_boolean()) fail("true or false");
  return json_->get<bool>();
}

double JsonField::number() const {
  if (json_->is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!json_->is_number()) fail("a number");
  return json_->get<double>();
}

std::string JsonField::text() const {
  if (!json_->is_string()) fail("a string");
  return json_->get<std::string>();
}

std::int64_t JsonField::signed_integer(std::int64_t low, std::int64_t high) const {
  if (json_->is_number_unsigned()) {
    const auto value = json_->get<std::uint64_t>();
    if (value > static_cast<std::uint64_t>(high)) fail(fmt::format("an integer up to {}", high));
    return static_cast<std::int64_t>(value);
  }
  if (!json_->is_number_integer()) fail("an integer");
  const auto value = json_->get<std::int64_t>();
  if (value < low || value > high) fail(fmt::format("an integer from {} to {}", low, high));
  return value;
}

std::uint64_t JsonField::unsigned_integer(std::uint64_t high) const {
  if (!json_->is_number_integer() ||
      (!json_->is_number_unsigned() && json_->get<std::int64_t>() < 0))
    fail("a non-negative integer");
  const auto value = json_->get<std::uint64_t>();
  if (value > high) fail(fmt::format("an integer up to {}", high));
  return value;
}

}  // namespace rb::model
