// The [plugin_options.asio-callback] / [plugin_options.asio-coroutine] keys, declared once:
// the descriptor carries kOptionDecls (ABI 1.3) and prepare parses what it receives from it.
// Both plugins accept the same keys with the same meaning, so a run can pair them option for
// option.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "declared_options.h"
#include "reactorbench/plugin.h"

namespace rbasio {

struct PluginOptions {
  // Bytes asked of every async_read_some on a connection (read_buffer); 0: the workload's
  // default (pingpong: the block size, rr: kDefaultRrReadBuffer).
  std::size_t readBuffer = 0;
};

inline constexpr std::size_t kDefaultRrReadBuffer = 4096;

extern const std::array<rb_option_decl, 1> kOptionDecls;

// The settings kOptionDecls' values give.
PluginOptions optionsFrom(const std::array<rb_option_value, 1>& values);

// What prepare receives, parsed for its workload: an unknown key, a malformed value or a key of
// another workload (the flower workload takes none) is refused by name.
using DeclaredPluginOptions = rbcommon::DeclaredOptions<kOptionDecls, &optionsFrom>;

// options.readBuffer, or workloadDefault when the config left it unset.
std::size_t readBufferOr(const PluginOptions& options, std::size_t workloadDefault);

}  // namespace rbasio
