// A test that needs something of the machine (root, a network namespace, io_uring, a
// PostgreSQL server, ...) skips without it on a developer's machine, naming the capability
// and why. Under RB_STRICT_CAPABILITIES=1 (scripts/test --strict, which CI runs) the same
// absence fails the test instead: the CI machine has every capability, so a skip there is a
// suite silently dropped (issue 36).
//
//   if (!tun_opens) RB_SKIP_WITHOUT("tun") << "open /dev/net/tun: " << std::strerror(errno);
//
// Like GTEST_SKIP it returns from the current (void) function.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <string_view>

namespace rb_test_support {

inline bool StrictCapabilities() {
  const char* strict = std::getenv("RB_STRICT_CAPABILITIES");
  return strict != nullptr && std::string_view(strict) == "1";
}

// What a missing capability makes of the test: a skip, or a failure under strict.
inline ::testing::TestPartResult::Type MissingCapabilityOutcome() {
  return StrictCapabilities() ? ::testing::TestPartResult::kFatalFailure
                              : ::testing::TestPartResult::kSkip;
}

inline std::string MissingCapabilityPrefix(std::string_view capability) {
  const std::string name(capability);
  if (StrictCapabilities())
    return "capability '" + name + "' is required (RB_STRICT_CAPABILITIES=1) but missing: ";
  return "skipped without capability '" + name + "': ";
}

}  // namespace rb_test_support

#define RB_SKIP_WITHOUT(capability)                                                               \
  return GTEST_MESSAGE_AT_(__FILE__, __LINE__, "", ::rb_test_support::MissingCapabilityOutcome()) \
         << ::rb_test_support::MissingCapabilityPrefix(capability)
