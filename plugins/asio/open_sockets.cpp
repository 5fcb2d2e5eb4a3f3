#include "open_sockets.h"

namespace rbasio {

void OpenSocket::join(OpenSockets& set, boost::asio::ip::tcp::socket& socket) {
  set_ = &set;
  socket_ = &socket;
  next_ = set.head_;
  if (next_ != nullptr) next_->prev_ = this;
  set.head_ = this;
  ++set.size_;
}

void OpenSocket::leave() noexcept {
  if (set_ == nullptr) return;
  if (prev_ != nullptr) prev_->next_ = next_;
  if (next_ != nullptr) next_->prev_ = prev_;
  if (set_->head_ == this) set_->head_ = next_;
  --set_->size_;
  set_ = nullptr;
  prev_ = next_ = nullptr;
}

OpenSockets::~OpenSockets() {
  for (OpenSocket* node = head_; node != nullptr;) {
    OpenSocket* next = node->next_;
    node->set_ = nullptr;
    node->prev_ = node->next_ = nullptr;
    node = next;
  }
}

void OpenSockets::closeAll() {
  for (OpenSocket* node = head_; node != nullptr; node = node->next_) {
    boost::system::error_code ignored;
    node->socket_->close(ignored);
  }
}

}  // namespace rbasio
