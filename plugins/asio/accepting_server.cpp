#include "accepting_server.h"

#include <cerrno>
#include <stdexcept>

#include "host_fds.h"

namespace rbasio {

AcceptingServer::AcceptingServer(int listenFd, int stopFd, std::uint32_t threads)
    : pool_(threads),
      open_(pool_.size()),
      acceptor_(pool_.context(0)),
      stopWatch_(pool_.context(0), stopFd) {
  adoptListeningSocket(acceptor_, listenFd);
  server_acceptor_init(&refusals_, acceptor_.native_handle());
}

AcceptingServer::~AcceptingServer() {
  server_acceptor_close(&refusals_);
}

void AcceptingServer::serve() {
  if (served_) {
    throw std::logic_error("serve called a second time");
  }
  served_ = true;
  startAccepting();
  stopWatch_.start([this] { windDown(); });
  pool_.run();
  if (!failure_.empty()) {
    throw std::runtime_error(failure_);
  }
}

void AcceptingServer::reportConnections(const rb_counter_sink& sink) const {
  sink.put(sink.ctx, "connections", connections_);
  sink.put(sink.ctx, "accept_refused", refusals_.refused);
}

AcceptingServer::Accepted AcceptingServer::accepted(const boost::system::error_code& ec,
                                                    boost::asio::ip::tcp::socket& peer) {
  if (!ec) {
    ++connections_;
    tuneAcceptedSocket(peer);
    return Accepted::serve;
  }
  // Out of descriptors the connection stays pending and the next accept would fail at once,
  // for ever: it is refused instead (plugins/common/server_acceptor.h), and accepting goes on.
  if ((ec.value() == EMFILE || ec.value() == ENFILE) &&
      ec.category() == boost::system::system_category() && !windingDown_) {
    server_acceptor_refuse(&refusals_);
    return Accepted::next;
  }
  // asio retries ECONNABORTED itself; what reaches here is the stop's close or a real failure.
  if (ec != boost::asio::error::operation_aborted && !windingDown_) {
    failure_ = "accept on the listening socket failed: " + ec.message();
    windDown();
  }
  return Accepted::stop;
}

void AcceptingServer::windDown() {
  if (windingDown_) return;
  windingDown_ = true;
  boost::system::error_code ignored;
  acceptor_.close(ignored);
  stopWatch_.cancel();
  pool_.windDown([this](std::size_t index) { open_[index].closeAll(); });
}

}  // namespace rbasio
