// ABI negotiation and validation of what a plugin's entry returned: versions, struct sizes
// and required members. Each failure is a LoadError of its own kind.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include <reactorbench/plugin.h>

#include "plugin/abi_struct.h"

namespace rb::plugin {

// The host's zero-filled copy of the descriptor, after checking its versions and size.
rb_plugin checked_descriptor(const rb_plugin* plugin_descriptor, const std::filesystem::path& path);

// name, version, library and library_version are required; name must match [a-z0-9-]+.
void check_required_fields(const rb_plugin& descriptor, const std::filesystem::path& path);

// Throws LoadError struct_too_small unless declared >= minimum.
void check_struct_size(std::string_view struct_name, std::uint32_t declared, std::size_t minimum,
                       const std::filesystem::path& path);

// Throws LoadError missing_field naming `what`.
[[noreturn]] void throw_missing(std::string_view what, const std::filesystem::path& path);

// A workload table (workload/<name>/entry.cpp says which): NULL means "not offered";
// otherwise at least min_size bytes, and every required operation set (member pointers,
// checked on the host's zero-filled copy).
template <typename Ops, typename... Members>
std::optional<Ops> checked_table(const Ops* table, std::string_view struct_name,
                                 std::size_t min_size, const std::filesystem::path& path,
                                 std::pair<const char*, Members>... required) {
  if (table == nullptr) return std::nullopt;
  check_struct_size(struct_name, declared_struct_size(table), min_size, path);
  // "rb_flower_ops" -> "flower": the descriptor member users know it by.
  const std::string_view table_name = struct_name.substr(3, struct_name.size() - 7);
  const auto ops = copy_declared_prefix<Ops>(table);
  const auto check = [&](const char* name, auto member) {
    if (ops.*member == nullptr) throw_missing(fmt::format("{}.{}", table_name, name), path);
  };
  (check(required.first, required.second), ...);
  return ops;
}

}  // namespace rb::plugin
