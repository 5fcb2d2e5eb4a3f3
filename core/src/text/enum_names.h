// An enum's names as one table: the name of a value and the value of a name are looked up in
// the same place, so the two directions cannot disagree and a new value is one new line.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace rb::text {

template <typename Enum>
struct EnumName {
  Enum value;
  const char* name;
};

// The name of value in names, or unknown when the table does not list it.
template <typename Enum, std::size_t N>
constexpr const char* name_of(const EnumName<Enum> (&names)[N], Enum value, const char* unknown) {
  for (const auto& entry : names)
    if (entry.value == value) return entry.name;
  return unknown;
}

// Whether names lists every value from 0 to last, in order: in a static_assert, a value added
// to the enum without a name fails the build.
template <typename Enum, std::size_t N>
constexpr bool names_all(const EnumName<Enum> (&names)[N], Enum last) {
  if (N != static_cast<std::size_t>(last) + 1) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(names[i].value) != i) return false;
  return true;
}

// The value named name, or nothing when the table has no such name.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> value_named(const EnumName<Enum> (&names)[N], std::string_view name) {
  for (const auto& entry : names)
    if (name == entry.name) return entry.value;
  return std::nullopt;
}

}  // namespace rb::text
