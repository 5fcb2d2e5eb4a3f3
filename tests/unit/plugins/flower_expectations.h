#pragma once

#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "flower_driver.h"

namespace rb_test {

// Runs `iterations` flower iterations on a prepared driver and checks the contract of each:
// reads == active + writes, writes == the budget, no byte left in the ring, no failures.
::testing::AssertionResult RunsExactly(FlowerDriver& driver, const FlowerShape& shape,
                                       int iterations);

// A (backend, transport) parameter's test name: "epoll_socketpair".
std::string BackendAndTransportName(
    const ::testing::TestParamInfo<std::tuple<std::string, Transport>>& info);

// Prepare with options succeeds, then RunsExactly.
::testing::AssertionResult PreparesAndRunsExactly(FlowerDriver& driver, const FlowerShape& shape,
                                                  const Options& options, int iterations);

// Prepare with options and one iteration succeed; the driver's counters are then that
// iteration's.
::testing::AssertionResult PreparesAndRunsOnce(FlowerDriver& driver, const Options& options = {});

// Prepare with options fails with `code` and a message that names `named`.
::testing::AssertionResult PrepareRefuses(FlowerDriver& driver, const Options& options, int code,
                                          const std::string& named);

}  // namespace rb_test
