// The message of the error a call throws, for tests that compare it with what users read.
// Header only, so any test target can include it by relative path.
#pragma once

#include <string>
#include <utility>

namespace rbtest {

// What `call` threw as an Error, or `none` when it returned; any other exception passes.
template <typename Error, typename Call>
std::string what_thrown(Call&& call, std::string none = "no error") {
  try {
    std::forward<Call>(call)();
  } catch (const Error& error) {
    return error.what();
  }
  return none;
}

}  // namespace rbtest
