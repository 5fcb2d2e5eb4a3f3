#include "plugin/descriptor_checks.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

#include "plugin/abi_struct.h"
#include "plugin/abi_version.h"
#include "plugin/load_error.h"

namespace rb::plugin {

namespace {

// struct_size and abi_version: what must be readable before anything else can be trusted.
constexpr std::uint32_t kVersionHeaderSize =
    offsetof(rb_plugin, abi_version) + sizeof(rb_plugin::abi_version);

void check_abi_version(std::uint32_t plugin_abi, const std::filesystem::path& path) {
  const std::string plugin = abi_version_string(plugin_abi);
  const std::string host = abi_version_string(RB_ABI_VERSION);
  if (RB_VERSION_MAJOR(plugin_abi) != RB_ABI_MAJOR) {
    throw LoadError(LoadErrorKind::abi_major_mismatch, path,
                    fmt::format("plugin ABI {} is not compatible with host ABI {} (major differs)",
                                plugin, host));
  }
  if (RB_VERSION_MINOR(plugin_abi) > RB_ABI_MINOR) {
    throw LoadError(LoadErrorKind::minor_too_new, path,
                    fmt::format("plugin ABI {} is newer than host ABI {}; rebuild it against this "
                                "SDK or update the runner",
                                plugin, host));
  }
}

bool is_valid_name(std::string_view name) {
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

}  // namespace

rb_plugin checked_descriptor(const rb_plugin* plugin_descriptor,
                             const std::filesystem::path& path) {
  const std::uint32_t declared = declared_struct_size(plugin_descriptor);
  check_struct_size("rb_plugin", declared, kVersionHeaderSize, path);
  check_abi_version(plugin_descriptor->abi_version, path);
  check_struct_size("rb_plugin", declared, kPluginMinSize, path);
  return copy_declared_prefix<rb_plugin>(plugin_descriptor);
}

void check_struct_size(std::string_view struct_name, std::uint32_t declared, std::size_t minimum,
                       const std::filesystem::path& path) {
  if (declared >= minimum) return;
  throw LoadError(LoadErrorKind::struct_too_small, path,
                  fmt::format("{}.struct_size is {} bytes but must be at least {}, its size in "
                              "the ABI version that introduced it (set it to sizeof({}))",
                              struct_name, declared, minimum, struct_name));
}

void throw_missing(std::string_view what, const std::filesystem::path& path) {
  throw LoadError(LoadErrorKind::missing_field, path,
                  fmt::format("required field '{}' is NULL", what));
}

void check_required_fields(const rb_plugin& descriptor, const std::filesystem::path& path) {
  if (descriptor.name == nullptr || descriptor.name[0] == '\0') {
    throw LoadError(LoadErrorKind::missing_field, path, "required field 'name' is NULL or empty");
  }
  if (!is_valid_name(descriptor.name)) {
    throw LoadError(
        LoadErrorKind::invalid_field, path,
        fmt::format("plugin name '{}' is invalid: use only a-z, 0-9 and '-'", descriptor.name));
  }
  if (descriptor.version == nullptr) throw_missing("version", path);
  if (descriptor.library == nullptr) throw_missing("library", path);
  if (descriptor.library_version == nullptr) throw_missing("library_version", path);
}

}  // namespace rb::plugin
