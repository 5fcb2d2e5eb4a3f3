// The plugin descriptor. This one source builds both plugins; RBASIO_STYLE_COROUTINE (set
// by CMakeLists.txt) picks the name, and the style sources linked next to it
// (callback_*.cpp or coroutine_*.cpp) define the makers of its tables.
#include <boost/system/system_error.hpp>
#include <boost/version.hpp>
#include <string>

#include "abi_tables.h"
#include "options.h"
#include "plugin_descriptor.h"
#include "reactorbench/plugin.h"
#include "style_factories.h"

#ifndef RBASIO_STYLE_COROUTINE
#error "RBASIO_STYLE_COROUTINE must be defined to 0 (completion handlers) or 1 (coroutines)"
#endif

namespace rbasio {
namespace {

constexpr bool kCoroutines = RBASIO_STYLE_COROUTINE != 0;

// Boost is header-only here, so the version compiled in is the version that runs.
const char* libraryVersion() {
  // BOOST_VERSION is major * 100000 + minor * 100 + patch, e.g. 107400 -> "1.74.0".
  static const std::string text = std::to_string(BOOST_VERSION / 100000) + "." +
                                  std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                                  std::to_string(BOOST_VERSION % 100);
  return text.c_str();
}

// Asio's own calls throw boost::system::system_error, a failed system call as any other.
using BoostSystemError = boost::system::system_error;

using Ops = rbcommon::PluginOps<DeclaredPluginOptions, BoostSystemError>;

// The plugin this source is built as: [0] completion handlers, [1] coroutines.
constexpr rbcommon::PluginWords kStyles[] = {
    {"asio-callback", "1.0.0", "boost-asio", &libraryVersion,
     "Boost.Asio, completion handlers (lambdas holding a shared_ptr to the session), one "
     "io_context per thread"},
    {"asio-coroutine", "1.0.0", "boost-asio", &libraryVersion,
     "Boost.Asio, C++20 coroutines (awaitable, co_spawn, use_awaitable), one io_context per "
     "thread"},
};

const rb_plugin kPlugin =
    rbcommon::describePlugin(kStyles[kCoroutines ? 1 : 0],
                             {.flower = &Ops::flower<&makeFlower>,
                              .pingpongServer = &Ops::pingpongServer<&makePingpongServer>,
                              .pingpongClient = &Ops::pingpongClient<&makePingpongClient>,
                              .rrServer = &Ops::rrServer<&makeRrServer>},
                             kOptionDecls);

}  // namespace
}  // namespace rbasio

RB_CXX_PLUGIN_ENTRY(rbasio::kPlugin)
