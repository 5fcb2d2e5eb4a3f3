// The reason a cell fails: thrown where a plugin misbehaves (a call returns an error, its
// counters are wrong) and caught once, in the cell's process, which reports the cell `failed`
// with this text. It lives at the bottom so the plugin layer's calls can throw it too.
#pragma once

#include <stdexcept>

namespace rb {

struct CellFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace rb
