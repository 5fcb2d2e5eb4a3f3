// The io-uring plugin of this build, for its own tests, which skip where it cannot run.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "../../support/capability.h"
#include "flower_driver.h"
#include "reactorbench/plugin.h"

namespace rb_test {

// Its descriptor, or nullptr when the build left it out (liburing missing at configure time).
const rb_plugin* IoUringPlugin();

// Why this machine cannot run io_uring cells ("" when it can): the plugin missing, or its
// prepare refused io_uring itself (disabled by sysctl, seccomp or a container).
std::string IoUringUnavailable();

// A blocking TCP connection to 127.0.0.1:port, or -1 when it cannot be made.
int ConnectToLoopback(uint16_t port);

// Sends `block` and reads it back, `times` times; whether every byte came back in order.
bool EchoBack(int fd, const std::string& block, uint64_t times);

// `size` bytes that differ with `seed` and along the block (a shifted or mixed-up echo shows).
std::string Pattern(std::size_t size, int seed);

// Skips the current test with the reason when IoUringUnavailable() says one.
#define SKIP_WITHOUT_IO_URING()                                                \
  do {                                                                         \
    if (const std::string why = ::rb_test::IoUringUnavailable(); !why.empty()) \
      RB_SKIP_WITHOUT("io_uring") << why;                                      \
  } while (0)

}  // namespace rb_test
