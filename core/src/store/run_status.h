// The states of a stored run (runs.status), written by the recorder and checked by the
// readers: a value outside these is a damaged store, never text to print.
#pragma once

#include <array>
#include <string_view>

namespace rb::store {

inline constexpr std::string_view kRunRunning = "running";    // started; or killed
inline constexpr std::string_view kRunFinished = "finished";  // every cell stored
inline constexpr std::string_view kRunInterrupted = "interrupted";
// Ended, but the store could not take every cell (a full disk): readers looking for the
// newest run (`last`, `previous`) skip it, as they skip the others that are not finished.
inline constexpr std::string_view kRunIncomplete = "incomplete";

inline bool is_run_status(std::string_view text) {
  constexpr std::array kAll = {kRunRunning, kRunFinished, kRunInterrupted, kRunIncomplete};
  for (const auto status : kAll)
    if (text == status) return true;
  return false;
}

}  // namespace rb::store
