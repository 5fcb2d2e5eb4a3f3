#include "flower_expectations.h"

namespace rb_test {
namespace {

::testing::AssertionResult CheckCounter(const Counters& counters, const std::string& name,
                                        uint64_t expected) {
  auto found = counters.find(name);
  if (found == counters.end()) return ::testing::AssertionFailure() << "no counter " << name;
  if (found->second != expected) {
    return ::testing::AssertionFailure()
           << "counter " << name << " is " << found->second << ", expected " << expected;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace

::testing::AssertionResult RunsExactly(FlowerDriver& driver, const FlowerShape& shape,
                                       int iterations) {
  for (int i = 0; i < iterations; ++i) {
    const std::string where = "iteration " + std::to_string(i) + ": ";
    CallResult run = driver.RunIteration();
    if (!run.ok()) {
      return ::testing::AssertionFailure() << where << "code " << run.code << ", " << run.message;
    }
    const Counters counters = driver.ReadCounters();
    for (const auto& [name, expected] :
         {std::pair<std::string, uint64_t>{"reads", uint64_t{shape.active} + shape.writes},
          {"writes", shape.writes}}) {
      if (auto check = CheckCounter(counters, name, expected); !check)
        return check << " (" << where << ")";
    }
    if (counters.contains("failures")) {
      if (auto check = CheckCounter(counters, "failures", 0); !check)
        return check << " (" << where << ")";
    }
    if (counters.contains("loop_iterations") && counters.at("loop_iterations") == 0) {
      return ::testing::AssertionFailure() << where << "loop_iterations is 0";
    }
    if (uint64_t left = driver.ring().DrainLeftovers(); left != 0) {
      return ::testing::AssertionFailure() << where << left << " bytes left unread in the ring";
    }
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult PreparesAndRunsExactly(FlowerDriver& driver, const FlowerShape& shape,
                                                  const Options& options, int iterations) {
  const CallResult prepared = driver.Prepare(options);
  if (!prepared.ok()) return ::testing::AssertionFailure() << "prepare: " << prepared.message;
  return RunsExactly(driver, shape, iterations);
}

::testing::AssertionResult PreparesAndRunsOnce(FlowerDriver& driver, const Options& options) {
  const CallResult prepared = driver.Prepare(options);
  if (!prepared.ok()) return ::testing::AssertionFailure() << "prepare: " << prepared.message;
  const CallResult run = driver.RunIteration();
  if (!run.ok()) return ::testing::AssertionFailure() << "iteration: " << run.message;
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult PrepareRefuses(FlowerDriver& driver, const Options& options, int code,
                                          const std::string& named) {
  const CallResult prepared = driver.Prepare(options);
  if (prepared.code != code)
    return ::testing::AssertionFailure()
           << "prepare returned " << prepared.code << ", not " << code << ": " << prepared.message;
  if (prepared.message.find(named) == std::string::npos)
    return ::testing::AssertionFailure()
           << "the message does not name '" << named << "': " << prepared.message;
  return ::testing::AssertionSuccess();
}

std::string BackendAndTransportName(
    const ::testing::TestParamInfo<std::tuple<std::string, Transport>>& info) {
  return std::get<0>(info.param) + "_" + TransportName(std::get<1>(info.param));
}

}  // namespace rb_test
