#include "plugin/load_error.h"

#include <array>
#include <utility>

namespace rb::plugin {

namespace {

constexpr std::array kAllKinds = {
    LoadErrorKind::file_missing,       LoadErrorKind::not_shared_object,
    LoadErrorKind::unresolved_symbol,  LoadErrorKind::dlopen_failed,
    LoadErrorKind::no_entry_symbol,    LoadErrorKind::entry_returned_null,
    LoadErrorKind::abi_major_mismatch, LoadErrorKind::minor_too_new,
    LoadErrorKind::struct_too_small,   LoadErrorKind::missing_field,
    LoadErrorKind::invalid_field,      LoadErrorKind::duplicate_name,
    LoadErrorKind::not_found,          LoadErrorKind::probe_failed,
    LoadErrorKind::unsafe_file,        LoadErrorKind::wrong_architecture,
};

}  // namespace

const char* to_string(LoadErrorKind kind) {
  switch (kind) {
    case LoadErrorKind::file_missing:
      return "file_missing";
    case LoadErrorKind::not_shared_object:
      return "not_shared_object";
    case LoadErrorKind::unresolved_symbol:
      return "unresolved_symbol";
    case LoadErrorKind::dlopen_failed:
      return "dlopen_failed";
    case LoadErrorKind::no_entry_symbol:
      return "no_entry_symbol";
    case LoadErrorKind::entry_returned_null:
      return "entry_returned_null";
    case LoadErrorKind::abi_major_mismatch:
      return "abi_major_mismatch";
    case LoadErrorKind::minor_too_new:
      return "minor_too_new";
    case LoadErrorKind::struct_too_small:
      return "struct_too_small";
    case LoadErrorKind::missing_field:
      return "missing_field";
    case LoadErrorKind::invalid_field:
      return "invalid_field";
    case LoadErrorKind::duplicate_name:
      return "duplicate_name";
    case LoadErrorKind::not_found:
      return "not_found";
    case LoadErrorKind::probe_failed:
      return "probe_failed";
    case LoadErrorKind::unsafe_file:
      return "unsafe_file";
    case LoadErrorKind::wrong_architecture:
      return "wrong_architecture";
  }
  return "unknown";
}

std::optional<LoadErrorKind> load_error_kind_from_string(std::string_view text) {
  for (LoadErrorKind kind : kAllKinds) {
    if (text == to_string(kind)) return kind;
  }
  return std::nullopt;
}

LoadError::LoadError(LoadErrorKind kind, std::filesystem::path path, std::string message)
    : std::runtime_error(path.string() + ": " + message),
      kind_(kind),
      path_(std::move(path)),
      message_(std::move(message)) {}

}  // namespace rb::plugin
