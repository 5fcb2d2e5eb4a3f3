// The [plugin_options.asio-callback] / [plugin_options.asio-coroutine] keys. Both plugins
// accept the same keys with the same meaning, so a run can pair them option for option.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reactorbench/plugin.h"

namespace rbasio {

struct PluginOptions {
  // Bytes asked of every async_read_some on a connection (read_buffer); 0: the workload's
  // default (pingpong: the block size, rr: kDefaultRrReadBuffer).
  std::size_t readBuffer = 0;
};

inline constexpr std::size_t kDefaultRrReadBuffer = 4096;

enum class OptionScope {
  kConnections,  // the TCP workloads (pingpong, rr): read_buffer applies
  kFlower        // one-byte reads from the host's pipes: no option applies
};

// Throws std::invalid_argument naming the key for an unknown key or a malformed value.
PluginOptions parsePluginOptions(const rb_option* options, std::uint32_t count, OptionScope scope);

// options.readBuffer, or workloadDefault when the config left it unset.
std::size_t readBufferOr(const PluginOptions& options, std::size_t workloadDefault);

}  // namespace rbasio
