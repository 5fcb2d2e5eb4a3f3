// Reading the runner's JSON (summary.json, samples.jsonl, the store's JSON columns) with the
// path of every value, so a malformed file is reported as
// "cells[3].metrics.setup_us.median: expected a number (found a string)" rather than as
// nlohmann's internal text. Every reader of the result model goes through JsonField; the
// caller prefixes the file (or the stored run) the JSON came from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/regular_file.h"

namespace rb::model {

using Json = nlohmann::ordered_json;

// "<path>: <what was wrong>", the path empty for the top level.
class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An nlohmann exception's message without its "[json.exception.x.N] " id.
std::string without_nlohmann_id(const std::string& what);

// Parses text, throwing JsonError "not valid JSON: ... at line L, column C ..." (without
// nlohmann's ids) when it is not JSON.
Json parse_json(std::string_view text);
// The same for a file's text: JsonError "<path>: not valid JSON: ...".
Json parse_json(std::string_view text, const std::filesystem::path& path);

template <typename T>
inline constexpr bool kIsVector = false;
template <typename T>
inline constexpr bool kIsVector<std::vector<T>> = true;
template <typename T>
inline constexpr bool kIsStringMap = false;
template <typename T>
inline constexpr bool kIsStringMap<std::map<std::string, T>> = true;

// One value of a JSON document and where it is in it. Refers to the document: keep that
// alive while the field is used.
class JsonField {
 public:
  explicit JsonField(const Json& json, std::string path = {})
      : json_(&json), path_(std::move(path)) {}

  // The member `key`; JsonError "<path>.key: missing" when absent (or not an object).
  JsonField at(std::string_view key) const;
  // The member `key`, or nothing when absent or null.
  std::optional<JsonField> find(std::string_view key) const;
  // The elements of an array / the members of an object, each with its path.
  std::vector<JsonField> elements() const;
  std::vector<std::pair<std::string, JsonField>> members() const;

  bool is_null() const { return json_->is_null(); }
  bool is_array() const { return json_->is_array(); }
  bool is_object() const { return json_->is_object(); }
  const Json& json() const { return *json_; }
  const std::string& path() const { return path_; }

  // The value as T: bool, an integer type (range-checked), double (null reads as NaN: JSON
  // has none, nlohmann writes it as null), std::string, or a vector / string-keyed map of
  // those. JsonError "<path>: expected <kind> (found <kind>)" otherwise.
  template <typename T>
  T get() const {
    if constexpr (std::is_same_v<T, bool>) {
      return boolean();
    } else if constexpr (std::is_same_v<T, double>) {
      return number();
    } else if constexpr (std::is_integral_v<T>) {
      return integer_in<T>();
    } else if constexpr (std::is_same_v<T, std::string>) {
      return text();
    } else if constexpr (kIsVector<T>) {
      T out;
      for (const auto& item : elements()) out.push_back(item.get<typename T::value_type>());
      return out;
    } else {
      static_assert(kIsStringMap<T>, "JsonField::get: unsupported type");
      T out;
      for (const auto& [key, item] : members())
        out[key] = item.template get<typename T::mapped_type>();
      return out;
    }
  }

  // The member `key` as T, or `fallback` when absent or null (what older files lack).
  template <typename T>
  T value(std::string_view key, T fallback) const {
    const auto field = find(key);
    return field ? field->get<T>() : std::move(fallback);
  }
  std::string value(std::string_view key, const char* fallback) const {
    return value<std::string>(key, fallback);
  }

  [[noreturn]] void fail(std::string_view expected) const;

 private:
  bool boolean() const;
  double number() const;
  std::string text() const;
  std::int64_t signed_integer(std::int64_t low, std::int64_t high) const;
  std::uint64_t unsigned_integer(std::uint64_t high) const;

  template <typename T>
  T integer_in() const {
    if constexpr (std::is_signed_v<T>)
      return static_cast<T>(
          signed_integer(std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
    else
      return static_cast<T>(unsigned_integer(std::numeric_limits<T>::max()));
  }

  const Json* json_;
  std::string path_;
};

// Reads one JSON file (a regular file within bound: model/regular_file.h) and hands it to
// `read` as a JsonField; every error comes out as a JsonError "<path>: <field path>: <what>"
// (or a FileReadError "<path>: <why it cannot be read>").
template <typename Read>
auto read_json_file(const std::filesystem::path& path, FileBound bound, Read&& read) {
  const Json document = parse_json(read_regular_file(path, bound), path);
  try {
    return read(JsonField(document));
  } catch (const JsonError& e) {
    throw JsonError(path.string() + ": " + e.what());
  } catch (const Json::exception& e) {
    throw JsonError(path.string() + ": " + without_nlohmann_id(e.what()));
  }
}

}  // namespace rb::model
