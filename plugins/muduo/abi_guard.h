// Turns C++ failures into the ABI's return codes and error text: nothing may throw across
// the plugin boundary.
#pragma once

#include <cstddef>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <system_error>

#include "reactorbench/plugin.h"

namespace rbmuduo {

inline void writeError(char* err, std::size_t errLen, const char* message) {
  if (err != nullptr && errLen > 0) {
    std::snprintf(err, errLen, "%s", message);
  }
}

template <typename Body>
int guardedCall(char* err, std::size_t errLen, Body&& body) noexcept {
  try {
    body();
    return RB_OK;
  } catch (const std::invalid_argument& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_INVALID_ARGUMENT;
  } catch (const std::system_error& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_SYSTEM;
  } catch (const std::exception& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_INTERNAL;
  } catch (...) {
    writeError(err, errLen, "unknown exception");
    return RB_ERR_INTERNAL;
  }
}

}  // namespace rbmuduo
