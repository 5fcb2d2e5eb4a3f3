#include "plugin_options.h"

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rbasio {

namespace {

constexpr std::size_t kMaxReadBuffer = std::size_t{16} << 20;

std::size_t parseReadBuffer(std::string_view text) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value == 0 ||
      value > kMaxReadBuffer) {
    throw std::invalid_argument("option read_buffer must be a byte count in 1.." +
                                std::to_string(kMaxReadBuffer) + ", got '" + std::string(text) +
                                "'");
  }
  return value;
}

}  // namespace

PluginOptions parsePluginOptions(const rb_option* options, std::uint32_t count, OptionScope scope) {
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
    if (key == "read_buffer" && scope == OptionScope::kConnections) {
      parsed.readBuffer = parseReadBuffer(option.value);
    } else if (scope == OptionScope::kConnections) {
      throw std::invalid_argument("unknown option '" + std::string(key) + "' (known: read_buffer)");
    } else {
      throw std::invalid_argument("unknown option '" + std::string(key) +
                                  "' (the flower workload takes no options)");
    }
  }
  return parsed;
}

std::size_t readBufferOr(const PluginOptions& options, std::size_t workloadDefault) {
  return options.readBuffer != 0 ? options.readBuffer : workloadDefault;
}

}  // namespace rbasio
