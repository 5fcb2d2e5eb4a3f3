// The flower watchers in completion-handler style: each wait's handler reads, then re-arms
// the wait with a new handler.
#include <memory>

#include "style_factories.h"

namespace rbasio {
namespace {

class CallbackFlower final : public Flower {
 public:
  using Flower::Flower;

 private:
  void watch(std::size_t index) override {
    descriptor(index).async_wait(boost::asio::posix::descriptor_base::wait_read,
                                 [this, index](const boost::system::error_code& ec) {
                                   if (!ec && onReadable(index)) watch(index);
                                 });
  }
};

}  // namespace

std::unique_ptr<Flower> makeFlower(const rb_host* host, const rb_flower_params& params,
                                   const PluginOptions&) {
  return std::make_unique<CallbackFlower>(host, params);
}

}  // namespace rbasio
