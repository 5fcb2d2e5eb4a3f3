// What every coroutine of asio_coroutine.so is spawned with and awaits through. The
// coroutine sources include asio's coroutine headers through this one only.
#pragma once

#include <exception>
// Boost 1.74's awaitable.hpp uses std::exchange without including <utility>.
#include <utility>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace rbasio {

// The completion of every co_spawn: an exception that escaped a coroutine leaves
// io_context::run, exactly as one thrown by a completion handler does in the callback
// plugin (`detached` would swallow it).
inline void rethrowFromCoroutine(std::exception_ptr failure) {
  if (failure) std::rethrow_exception(failure);
}

// use_awaitable with the operation's error delivered as an error_code rather than thrown:
// the callback plugin sees every end of stream, reset and cancellation as an error_code,
// and an exception per closed connection would add a cost that is not the style's.
inline auto awaitInto(boost::system::error_code& ec) {
  return boost::asio::redirect_error(boost::asio::use_awaitable, ec);
}

}  // namespace rbasio
