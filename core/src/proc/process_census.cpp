#include "proc/process_census.h"

#include <dirent.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cstdlib>
#include <fstream>
#include <thread>

namespace rb::proc {
namespace {

// Numeric entries of a /proc directory, each with what `describe` says about it.
template <typename Key, typename Describe>
std::map<Key, std::string> numeric_entries(const char* dir_path, Describe describe) {
  std::map<Key, std::string> entries;
  DIR* dir = ::opendir(dir_path);
  if (dir == nullptr) return entries;
  const int own_fd = ::dirfd(dir);
  while (const dirent* entry = ::readdir(dir)) {
    char* end = nullptr;
    const long number = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0') continue;
    if (std::string_view(dir_path) == "/proc/self/fd" && number == own_fd) continue;
    entries.emplace(static_cast<Key>(number), describe(number));
  }
  ::closedir(dir);
  return entries;
}

std::string fd_target(long fd) {
  char target[512];
  const std::string link = fmt::format("/proc/self/fd/{}", fd);
  const ssize_t n = ::readlink(link.c_str(), target, sizeof target - 1);
  return n > 0 ? std::string(target, static_cast<std::size_t>(n)) : std::string("?");
}

std::string thread_name(long tid) {
  std::ifstream in(fmt::format("/proc/self/task/{}/comm", tid));
  std::string name;
  std::getline(in, name);
  return name.empty() ? std::string("?") : name;
}

template <typename Key>
std::string describe_new(const std::map<Key, std::string>& before,
                         const std::map<Key, std::string>& after) {
  std::string text;
  for (const auto& [key, what] : after) {
    if (before.contains(key)) continue;
    text += fmt::format("{}{} ({})", text.empty() ? "" : ", ", key, what);
  }
  return text;
}

template <typename Key>
bool has_new(const std::map<Key, std::string>& before, const std::map<Key, std::string>& after) {
  for (const auto& entry : after)
    if (!before.contains(entry.first)) return true;
  return false;
}

}  // namespace

std::map<int, std::string> open_fds() {
  return numeric_entries<int>("/proc/self/fd", fd_target);
}

std::map<pid_t, std::string> live_threads() {
  return numeric_entries<pid_t>("/proc/self/task", thread_name);
}

std::string describe_new_fds(const std::map<int, std::string>& before,
                             const std::map<int, std::string>& after) {
  return describe_new(before, after);
}

std::string describe_new_threads(const std::map<pid_t, std::string>& before,
                                 const std::map<pid_t, std::string>& after) {
  return describe_new(before, after);
}

std::map<pid_t, std::string> threads_after_release(const std::map<pid_t, std::string>& before,
                                                   std::chrono::milliseconds settle) {
  const auto give_up = std::chrono::steady_clock::now() + settle;
  while (true) {
    auto now_live = live_threads();
    if (!has_new(before, now_live) || std::chrono::steady_clock::now() >= give_up) return now_live;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace rb::proc
