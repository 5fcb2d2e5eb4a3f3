// The [plugin_options.muduo] / [plugin_options.epoll-add-always] keys both plugins accept.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reactorbench/plugin.h"

namespace rbmuduo {

struct PluginOptions {
  // Initial size of the epoll_wait result array (muduo: 16, doubled whenever a poll fills it).
  std::size_t eventsInitial = 16;
};

// Throws std::invalid_argument naming the key for an unknown key or a malformed value.
PluginOptions parsePluginOptions(const rb_option* options, std::uint32_t count);

}  // namespace rbmuduo
