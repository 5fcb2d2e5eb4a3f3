// What a process holds that a plugin might forget to give back: its open file descriptors
// and its threads, read from /proc/self. The conformance checks take one census before
// prepare and one after release and compare them.
#pragma once

#include <sys/types.h>
#include <chrono>
#include <map>
#include <string>

namespace rb::proc {

// fd -> what it refers to (readlink of /proc/self/fd/N, e.g. "anon_inode:[eventpoll]").
// The descriptor used to list the directory is not included.
std::map<int, std::string> open_fds();

// tid -> thread name (/proc/self/task/TID/comm).
std::map<pid_t, std::string> live_threads();

// Entries of `after` that `before` lacks: "7 (anon_inode:[eventpoll]), 9 (pipe:[123])".
std::string describe_new_fds(const std::map<int, std::string>& before,
                             const std::map<int, std::string>& after);
std::string describe_new_threads(const std::map<pid_t, std::string>& before,
                                 const std::map<pid_t, std::string>& after);

// live_threads() once no thread beyond `before` is left, or after `settle` has passed: a
// thread the plugin joined is gone at once, a detached one needs a moment to finish exiting.
std::map<pid_t, std::string> threads_after_release(const std::map<pid_t, std::string>& before,
                                                   std::chrono::milliseconds settle);

}  // namespace rb::proc
