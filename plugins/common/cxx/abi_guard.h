// Turns C++ failures into the ABI's return codes and error text: nothing may throw across the
// plugin boundary, so every entry point of a C++ plugin runs its body through guardedCall.
#pragma once

#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "reactorbench/plugin.h"

namespace rbcommon {

inline void writeError(char* err, std::size_t errLen, const char* message) noexcept {
  if (err != nullptr && errLen > 0) {
    std::snprintf(err, errLen, "%s", message);
  }
}

// A bad argument or option is the caller's to fix (RB_ERR_INVALID_ARGUMENT, which the validate
// suite requires for an unknown option); a failed system call is RB_ERR_SYSTEM; anything else,
// whatever it is, RB_ERR_INTERNAL with its message. SystemErrors are a library's own system
// error types that do not derive from std::system_error (Boost's), also RB_ERR_SYSTEM.
template <typename... SystemErrors>
int reportCurrentException(char* err, std::size_t errLen) noexcept {
  try {
    throw;
  } catch (const std::invalid_argument& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_INVALID_ARGUMENT;
  } catch (const std::system_error& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_SYSTEM;
  } catch (const std::exception& e) {
    writeError(err, errLen, e.what());
    const bool system = (false || ... || (dynamic_cast<const SystemErrors*>(&e) != nullptr));
    return system ? RB_ERR_SYSTEM : RB_ERR_INTERNAL;
  } catch (...) {
    writeError(err, errLen, "unknown exception");
    return RB_ERR_INTERNAL;
  }
}

template <typename... SystemErrors, typename Body>
int guardedCall(char* err, std::size_t errLen, Body&& body) noexcept {
  try {
    body();
    return RB_OK;
  } catch (...) {
    return reportCurrentException<SystemErrors...>(err, errLen);
  }
}

// The notify post path has no error buffer: only the code says what went wrong.
template <typename Body>
int guardedPost(Body&& body) noexcept {
  try {
    body();
    return RB_OK;
  } catch (const std::bad_alloc&) {
    return RB_ERR_SYSTEM;
  } catch (...) {
    return RB_ERR_INTERNAL;
  }
}

// The plugin state behind an ABI handle; a NULL one means prepare failed or was skipped.
template <typename T>
T& stateOf(void* state) {
  if (state == nullptr) {
    throw std::invalid_argument("state is NULL: prepare did not succeed");
  }
  return *static_cast<T*>(state);
}

// Where prepare stores the state it makes: NULL until it has succeeded.
inline void clearStateOut(void** state) {
  if (state == nullptr) {
    throw std::invalid_argument("prepare: state is NULL");
  }
  *state = nullptr;
}

inline const rb_counter_sink& requireSink(const rb_counter_sink* sink) {
  if (sink == nullptr || sink->put == nullptr) {
    throw std::invalid_argument("counters: the sink or its put function is NULL");
  }
  return *sink;
}

// Reads a params struct only if the caller's copy reaches lastMemberEnd (offsetof + sizeof of
// the last member read).
template <typename Params>
const Params& requireParams(const Params* params, std::size_t lastMemberEnd, const char* what) {
  if (params == nullptr) {
    throw std::invalid_argument(std::string(what) + " is NULL");
  }
  if (params->struct_size < lastMemberEnd) {
    throw std::invalid_argument(std::string(what) + " is too old (struct_size " +
                                std::to_string(params->struct_size) + ")");
  }
  return *params;
}

}  // namespace rbcommon
