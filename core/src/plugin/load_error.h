// Why a plugin could not be loaded: one kind per failure, so tests and the CLI can tell
// them apart without parsing messages.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rb::plugin {

enum class LoadErrorKind {
  file_missing,
  not_shared_object,
  unresolved_symbol,
  dlopen_failed,  // any other dlopen failure (a missing dependency, a wrong architecture)
  no_entry_symbol,
  entry_returned_null,
  abi_major_mismatch,
  minor_too_new,
  struct_too_small,
  missing_field,
  invalid_field,  // present but malformed, e.g. a name outside [a-z0-9-]+
  duplicate_name,
  not_found,
  probe_failed,
  unsafe_file,         // others could have replaced it (plugin/file_safety.h)
  wrong_architecture,  // an ELF shared object for another machine, word size or byte order
};

const char* to_string(LoadErrorKind kind);
std::optional<LoadErrorKind> load_error_kind_from_string(std::string_view text);

// what() is "<path>: <message>", so every report names the plugin it is about.
class LoadError : public std::runtime_error {
 public:
  LoadError(LoadErrorKind kind, std::filesystem::path path, std::string message);

  LoadErrorKind kind() const { return kind_; }
  const std::filesystem::path& path() const { return path_; }
  // The message without the path prefix.
  const std::string& message() const { return message_; }

 private:
  LoadErrorKind kind_;
  std::filesystem::path path_;
  std::string message_;
};

}  // namespace rb::plugin
