#include "plugin/file_safety.h"

#include <sys/stat.h>

#include <fmt/format.h>

#include "plugin/load_error.h"

namespace rb::plugin {
namespace {

std::string mode_text(mode_t mode) {
  return fmt::format("{:04o}", mode & 07777);
}

// A path that cannot be stat'ed is not judged here: loading it reports the real error.
std::optional<std::string> file_reason(const std::filesystem::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return std::nullopt;
  if ((st.st_mode & S_IWOTH) != 0)
    return fmt::format("{} is world-writable (mode {})", file.string(), mode_text(st.st_mode));
  return std::nullopt;
}

std::optional<std::string> directory_reason(const std::filesystem::path& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return std::nullopt;
  if ((st.st_mode & S_IWOTH) != 0 && (st.st_mode & S_ISVTX) == 0)
    return fmt::format("its directory {} is world-writable without the sticky bit (mode {})",
                       dir.string(), mode_text(st.st_mode));
  return std::nullopt;
}

std::filesystem::path directory_of(const std::filesystem::path& file) {
  const auto parent = file.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

}  // namespace

std::optional<std::string> unsafe_plugin_reason(const std::filesystem::path& so_path) {
  const std::filesystem::path named = std::filesystem::absolute(so_path).lexically_normal();
  if (auto why = file_reason(named)) return why;
  if (auto why = directory_reason(directory_of(named))) return why;
  std::error_code error;
  const auto resolved = std::filesystem::canonical(named, error);
  if (error || resolved == named) return std::nullopt;
  if (auto why = directory_reason(directory_of(resolved))) return why;
  return std::nullopt;
}

void refuse_unsafe_plugin(const std::filesystem::path& so_path) {
  const auto why = unsafe_plugin_reason(so_path);
  if (!why) return;
  throw LoadError(LoadErrorKind::unsafe_file, std::filesystem::absolute(so_path).lexically_normal(),
                  fmt::format("refused: {}, so anyone on this machine could have replaced it; "
                              "remove the write permission (chmod o-w) or pass {}",
                              *why, kAllowUnsafePluginsFlag));
}

Registry::Prober safety_checked(Registry::Prober probe, bool allow_unsafe) {
  if (allow_unsafe) return probe;
  return [probe = std::move(probe)](const std::filesystem::path& so_path) {
    refuse_unsafe_plugin(so_path);
    return probe(so_path);
  };
}

}  // namespace rb::plugin
