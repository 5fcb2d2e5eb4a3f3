#pragma once

#include <gtest/gtest.h>

#include "flower_driver.h"

namespace rb_test {

// Runs `iterations` flower iterations on a prepared driver and checks the contract of each:
// reads == active + writes, writes == the budget, no byte left in the ring, no failures.
::testing::AssertionResult RunsExactly(FlowerDriver& driver, const FlowerShape& shape,
                                       int iterations);

}  // namespace rb_test
