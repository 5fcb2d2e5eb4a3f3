#include "plugin/load_error.h"

#include <utility>

#include "text/enum_names.h"

namespace rb::plugin {

namespace {

constexpr text::EnumName<LoadErrorKind> kKindNames[] = {
    {LoadErrorKind::file_missing, "file_missing"},
    {LoadErrorKind::not_shared_object, "not_shared_object"},
    {LoadErrorKind::unresolved_symbol, "unresolved_symbol"},
    {LoadErrorKind::dlopen_failed, "dlopen_failed"},
    {LoadErrorKind::no_entry_symbol, "no_entry_symbol"},
    {LoadErrorKind::entry_returned_null, "entry_returned_null"},
    {LoadErrorKind::abi_major_mismatch, "abi_major_mismatch"},
    {LoadErrorKind::minor_too_new, "minor_too_new"},
    {LoadErrorKind::struct_too_small, "struct_too_small"},
    {LoadErrorKind::missing_field, "missing_field"},
    {LoadErrorKind::invalid_field, "invalid_field"},
    {LoadErrorKind::duplicate_name, "duplicate_name"},
    {LoadErrorKind::not_found, "not_found"},
    {LoadErrorKind::probe_failed, "probe_failed"},
    {LoadErrorKind::unsafe_file, "unsafe_file"},
    {LoadErrorKind::wrong_architecture, "wrong_architecture"},
};
static_assert(text::names_all(kKindNames, LoadErrorKind::wrong_architecture));

}  // namespace

const char* to_string(LoadErrorKind kind) {
  return text::name_of(kKindNames, kind, "unknown");
}

std::optional<LoadErrorKind> load_error_kind_from_string(std::string_view name) {
  return text::value_named(kKindNames, name);
}

LoadError::LoadError(LoadErrorKind kind, std::filesystem::path path, std::string message)
    : std::runtime_error(path.string() + ": " + message),
      kind_(kind),
      path_(std::move(path)),
      message_(std::move(message)) {}

}  // namespace rb::plugin
