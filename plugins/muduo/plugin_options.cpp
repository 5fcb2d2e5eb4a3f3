#include "plugin_options.h"

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rbmuduo {

namespace {

constexpr std::size_t kMaxEventsInitial = 1u << 20;

std::size_t parseEventsInitial(std::string_view text) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value == 0 ||
      value > kMaxEventsInitial) {
    throw std::invalid_argument("option events_initial must be an integer in 1.." +
                                std::to_string(kMaxEventsInitial) + ", got '" + std::string(text) +
                                "'");
  }
  return value;
}

}  // namespace

PluginOptions parsePluginOptions(const rb_option* options, std::uint32_t count) {
  if (count > 0 && options == nullptr) {
    throw std::invalid_argument("options is NULL but option_count is " + std::to_string(count));
  }
  PluginOptions parsed;
  for (std::uint32_t i = 0; i < count; ++i) {
    const rb_option& option = options[i];
    if (option.key == nullptr || option.value == nullptr) {
      throw std::invalid_argument("option " + std::to_string(i) + " has a NULL key or value");
    }
    const std::string_view key = option.key;
    if (key == "events_initial") {
      parsed.eventsInitial = parseEventsInitial(option.value);
    } else {
      throw std::invalid_argument("unknown option '" + std::string(key) +
                                  "' (known: events_initial)");
    }
  }
  return parsed;
}

}  // namespace rbmuduo
