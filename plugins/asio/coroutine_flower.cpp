// The flower watchers in C++20 coroutine style: one coroutine per pipe, looping over
// co_await async_wait; a new one per pipe and iteration, since arm cancels the last.
#include <memory>

#include "coroutine_support.h"
#include "style_factories.h"

namespace rbasio {
namespace {

class CoroutineFlower final : public Flower {
 public:
  using Flower::Flower;

 private:
  void watch(std::size_t index) override {
    boost::asio::co_spawn(context(), watchPipe(index), &rethrowFromCoroutine);
  }

  boost::asio::awaitable<void> watchPipe(std::size_t index) {
    boost::system::error_code ec;
    do {
      co_await descriptor(index).async_wait(boost::asio::posix::descriptor_base::wait_read,
                                            awaitInto(ec));
    } while (!ec && onReadable(index));
  }
};

}  // namespace

std::unique_ptr<Flower> makeFlower(const rb_host* host, const rb_flower_params& params,
                                   const PluginOptions&) {
  return std::make_unique<CoroutineFlower>(host, params);
}

}  // namespace rbasio
