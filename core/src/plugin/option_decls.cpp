#include "plugin/option_decls.h"

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "plugin/abi_struct.h"
#include "plugin/abi_version.h"
#include "plugin/load_error.h"

namespace rb::plugin {
namespace {

// Far beyond any plugin's options; a larger count or size is a garbage descriptor, not a table.
constexpr std::uint32_t kMaxOptions = 256;
constexpr std::uint32_t kMaxOptionDeclSize = 4096;

using Type = rb::DeclaredOption::Type;

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& message) {
  throw LoadError(LoadErrorKind::invalid_field, path, message);
}

bool is_option_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

std::optional<Type> type_of(int abi_type) {
  switch (abi_type) {
    case RB_OPTION_STRING:
      return Type::string;
    case RB_OPTION_INT:
      return Type::integer;
    case RB_OPTION_BOOL:
      return Type::boolean;
    case RB_OPTION_ENUM:
      return Type::choice;
    default:
      return std::nullopt;
  }
}

std::vector<std::string> split_workloads(const std::string& option, const char* text,
                                         const std::vector<std::string>& tables,
                                         const std::filesystem::path& path) {
  std::vector<std::string> workloads;
  if (text == nullptr) return workloads;
  std::string_view rest = text;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view workload = rest.substr(0, comma);
    if (std::find(tables.begin(), tables.end(), workload) == tables.end())
      refuse(path, fmt::format("option '{}': workloads \"{}\" names '{}', which is no workload "
                               "table (known: {}; NULL means every one)",
                               option, text, workload, fmt::join(tables, ", ")));
    workloads.emplace_back(workload);
    if (comma == std::string_view::npos) return workloads;
    rest.remove_prefix(comma + 1);
  }
}

void check_allowed(const rb::DeclaredOption& option, bool has_allowed,
                   const std::filesystem::path& path) {
  const std::string& name = option.name;
  if (option.type == Type::choice) {
    const auto choices = rb::choices_of(option);
    if (choices.empty() || std::find(choices.begin(), choices.end(), "") != choices.end())
      refuse(path, fmt::format("option '{}': an RB_OPTION_ENUM needs allowed, its values as "
                               "\"a|b|c\" (none empty); it has {}",
                               name, has_allowed ? "\"" + option.allowed + "\"" : "NULL"));
  } else if (option.type == Type::integer) {
    if (has_allowed && !rb::integer_range(option.allowed))
      refuse(path, fmt::format("option '{}': allowed \"{}\" is not a range \"MIN..MAX\" with "
                               "MIN <= MAX",
                               name, option.allowed));
  } else if (has_allowed) {
    refuse(path, fmt::format("option '{}': allowed is only for RB_OPTION_ENUM and "
                             "RB_OPTION_INT; set it to NULL",
                             name));
  }
}

rb::DeclaredOption checked_decl(const rb_option_decl& decl, std::uint32_t index,
                                const std::vector<std::string>& tables,
                                const std::filesystem::path& path) {
  if (decl.name == nullptr || decl.name[0] == '\0')
    throw LoadError(LoadErrorKind::missing_field, path,
                    fmt::format("options[{}].name is NULL or empty", index));
  rb::DeclaredOption option;
  option.name = decl.name;
  if (!is_option_name(option.name))
    refuse(path, fmt::format("option name '{}' (options[{}]) is invalid: use only a-z, 0-9 and "
                             "'_'",
                             option.name, index));
  const auto type = type_of(decl.type);
  if (!type)
    refuse(path, fmt::format("option '{}': unknown type {} (use RB_OPTION_STRING, "
                             "RB_OPTION_INT, RB_OPTION_BOOL or RB_OPTION_ENUM)",
                             option.name, decl.type));
  option.type = *type;
  option.allowed = decl.allowed != nullptr ? decl.allowed : "";
  check_allowed(option, decl.allowed != nullptr, path);
  if (decl.default_value != nullptr) {
    if (const auto problem = rb::value_problem(option, decl.default_value))
      refuse(path,
             fmt::format("option '{}': the default is no value of it: {}", option.name, *problem));
    option.default_value = decl.default_value;
  }
  option.help = decl.help != nullptr ? decl.help : "";
  option.workloads = split_workloads(option.name, decl.workloads, tables, path);
  return option;
}

// What the plugin was built for and what this host speaks: a broken table is most often a
// plugin built against another header than the one its abi_version claims.
std::string abi_versions(const rb_plugin& descriptor) {
  return fmt::format("plugin ABI {}, host ABI {}", abi_version_string(descriptor.abi_version),
                     abi_version_string(RB_ABI_VERSION));
}

// The stride of the array: options[0].struct_size, checked before any element is read.
std::uint32_t checked_stride(const rb_plugin& descriptor, const std::filesystem::path& path) {
  const std::uint32_t stride = declared_struct_size(descriptor.options);
  if (stride < kOptionDeclMinSize)
    throw LoadError(LoadErrorKind::struct_too_small, path,
                    fmt::format("rb_option_decl.struct_size is {} bytes but must be at least {}, "
                                "its size in ABI 1.3: set it to sizeof(rb_option_decl) ({})",
                                stride, kOptionDeclMinSize, abi_versions(descriptor)));
  if (stride > kMaxOptionDeclSize || stride % alignof(rb_option_decl) != 0)
    refuse(path, fmt::format("rb_option_decl.struct_size is {}, which is no array element's "
                             "size: set it to sizeof(rb_option_decl) ({})",
                             stride, abi_versions(descriptor)));
  return stride;
}

}  // namespace

std::vector<rb::DeclaredOption> checked_option_decls(const rb_plugin& descriptor,
                                                     const std::filesystem::path& path,
                                                     const std::vector<std::string>& tables) {
  if (RB_VERSION_MINOR(descriptor.abi_version) < 3 || descriptor.struct_size < kPluginOptionsEnd ||
      descriptor.option_count == 0)
    return {};
  const std::uint32_t count = descriptor.option_count;
  if (descriptor.options == nullptr)
    throw LoadError(LoadErrorKind::missing_field, path,
                    fmt::format("option_count is {} but options is NULL ({})", count,
                                abi_versions(descriptor)));
  if (count > kMaxOptions)
    refuse(path, fmt::format("option_count is {}; a plugin may declare at most {} options ({})",
                             count, kMaxOptions, abi_versions(descriptor)));
  const std::uint32_t stride = checked_stride(descriptor, path);
  const auto* bytes = reinterpret_cast<const unsigned char*>(descriptor.options);
  std::vector<rb::DeclaredOption> options;
  for (std::uint32_t i = 0; i < count; ++i) {
    const unsigned char* element = bytes + std::size_t{i} * stride;
    if (const std::uint32_t size = declared_struct_size(element); size != stride)
      refuse(path, fmt::format("options[{}].struct_size is {} but options[0]'s is {}: the "
                               "declarations are one array of one struct size ({})",
                               i, size, stride, abi_versions(descriptor)));
    rb::DeclaredOption option =
        checked_decl(copy_declared_prefix<rb_option_decl>(element), i, tables, path);
    const auto same = std::find_if(options.begin(), options.end(),
                                   [&](const auto& known) { return known.name == option.name; });
    if (same != options.end())
      refuse(path, fmt::format("option '{}' is declared twice (options[{}] and options[{}])",
                               option.name, same - options.begin(), i));
    options.push_back(std::move(option));
  }
  return options;
}

}  // namespace rb::plugin
