// Shared by the config tests: a fake plugin catalog and one-line error capture.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "config/test_plan.h"

namespace rb::config::testing {

// Knows libevent2 and raw-epoll (both offer flower) and notify-only (offers only notify).
class FakeLookup : public PluginLookup {
 public:
  bool has_plugin(std::string_view name) const override;
  bool supports(std::string_view plugin, std::string_view workload) const override;
  std::vector<std::string> plugin_names() const override;
};

// The contract's example config, verbatim.
extern const char* const example_config;

// A minimal valid config; callers append lines to break it.
extern const char* const minimal_config;

// what() of the ConfigError that parsing `text` as "t.toml" throws, or "no error" when it
// parses; any other exception fails the test.
std::string error_of(std::string_view text, const Overrides& overrides = {},
                     const PluginLookup* catalog = nullptr);

// An axis's values from integers, as the plan holds them.
inline std::vector<rb::ParamValue> ints(std::initializer_list<std::int64_t> values) {
  return {values.begin(), values.end()};
}

}  // namespace rb::config::testing
