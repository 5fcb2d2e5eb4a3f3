#include "plugin/file_safety.h"

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "plugin/load_error.h"

namespace rb::plugin {
namespace {

namespace fs = std::filesystem;

// The kernel's own limit on symlinks followed while resolving one path.
constexpr int kMaxLinks = 40;

std::string mode_text(mode_t mode) {
  return fmt::format("{:04o}", mode & 07777);
}

// The user database's entries, read with the reentrant calls: nullopt when there is none.
std::optional<std::string> login_of(uid_t uid) {
  passwd entry{};
  passwd* found = nullptr;
  std::vector<char> buffer(16384);
  if (::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) != 0 || found == nullptr)
    return std::nullopt;
  return std::string(found->pw_name);
}

struct GroupEntry {
  std::string name;
  std::vector<std::string> members;
};

std::optional<GroupEntry> group_of(gid_t gid) {
  group entry{};
  group* found = nullptr;
  std::vector<char> buffer(65536);
  if (::getgrgid_r(gid, &entry, buffer.data(), buffer.size(), &found) != 0 || found == nullptr)
    return std::nullopt;
  GroupEntry out{found->gr_name, {}};
  for (char** member = found->gr_mem; *member != nullptr; ++member)
    out.members.emplace_back(*member);
  return out;
}

std::string user_name(uid_t uid) {
  if (const auto login = login_of(uid)) return fmt::format("{} (uid {})", *login, uid);
  return fmt::format("uid {}", uid);
}

// A group whose members may write where we load code from: root's, or the user's private
// group (named after the user, the user's primary group, no other member listed), which
// Debian, Fedora and Arch give every user so that umask 002 is safe. Any other group is
// other people.
bool trusted_group(gid_t gid) {
  if (gid == 0) return true;
  if (gid != ::getegid()) return false;
  const auto user = login_of(::geteuid());
  const auto entry = group_of(gid);
  if (!user || !entry || entry->name != *user) return false;
  for (const auto& member : entry->members)
    if (member != *user) return false;
  return true;
}

std::string group_name(gid_t gid) {
  if (const auto entry = group_of(gid)) return fmt::format("{} (gid {})", entry->name, gid);
  return fmt::format("gid {}", gid);
}

// Why someone other than this user and root could replace `path` (the plugin file itself
// when `is_file`, else a directory it is reached through), or nullopt.
std::optional<std::string> element_reason(const fs::path& path, const struct stat& st,
                                          bool is_file) {
  const std::string what = is_file ? path.string() : "the directory " + path.string();
  if (st.st_uid != 0 && st.st_uid != ::geteuid())
    return fmt::format("{} is owned by {}, neither you nor root", what, user_name(st.st_uid));
  // In a sticky directory only an entry's owner may rename or remove it.
  const bool guarded = !is_file && (st.st_mode & S_ISVTX) != 0;
  const char* unless = is_file ? "" : " without the sticky bit";
  if ((st.st_mode & S_IWOTH) != 0 && !guarded)
    return fmt::format("{} is world-writable{} (mode {})", what, unless, mode_text(st.st_mode));
  if ((st.st_mode & S_IWGRP) != 0 && !guarded && !trusted_group(st.st_gid))
    return fmt::format("{} is writable by the group {}{} (mode {})", what, group_name(st.st_gid),
                       unless, mode_text(st.st_mode));
  return std::nullopt;
}

// The path's components to walk, last one first (a stack).
std::vector<std::string> components_reversed(const fs::path& path) {
  std::vector<std::string> parts;
  for (const auto& part : path.relative_path()) parts.push_back(part.string());
  return {parts.rbegin(), parts.rend()};
}

}  // namespace

std::optional<std::string> unsafe_plugin_reason(const fs::path& so_path) {
  // Resolved component by component as the kernel does, so every directory the lookup passes
  // through is judged: each ancestor, each symlink's directory, each link target's ancestors.
  std::vector<std::string> pending = components_reversed(fs::absolute(so_path));
  fs::path current = "/";
  struct stat st {};
  if (::lstat("/", &st) != 0) return std::nullopt;
  if (auto why = element_reason(current, st, pending.empty())) return why;
  int links = 0;
  while (!pending.empty()) {
    const std::string part = std::move(pending.back());
    pending.pop_back();
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      current = current.parent_path();  // already judged on the way down
      continue;
    }
    const fs::path next = current / part;
    // A path that cannot be looked at is not judged here: loading it reports the real error.
    if (::lstat(next.c_str(), &st) != 0) return std::nullopt;
    if (S_ISLNK(st.st_mode)) {
      std::error_code error;
      const fs::path target = fs::read_symlink(next, error);
      if (error || ++links > kMaxLinks) return std::nullopt;
      if (target.is_absolute()) current = "/";
      for (auto& piece : components_reversed(target)) pending.push_back(std::move(piece));
      continue;
    }
    if (auto why = element_reason(next, st, pending.empty())) return why;
    current = next;
  }
  return std::nullopt;
}

void refuse_unsafe_plugin(const fs::path& so_path) {
  const auto why = unsafe_plugin_reason(so_path);
  if (!why) return;
  throw LoadError(LoadErrorKind::unsafe_file, fs::absolute(so_path).lexically_normal(),
                  fmt::format("refused: {}, so someone other than you or root could have "
                              "replaced it; fix that (chmod o-w,g-w, chown) or pass {}",
                              *why, kAllowUnsafePluginsFlag));
}

Registry::Prober safety_checked(Registry::Prober probe, bool allow_unsafe) {
  if (allow_unsafe) return probe;
  return [probe = std::move(probe)](const fs::path& so_path) {
    refuse_unsafe_plugin(so_path);
    return probe(so_path);
  };
}

}  // namespace rb::plugin
