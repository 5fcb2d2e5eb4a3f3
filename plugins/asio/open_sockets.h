// The connections one io_context serves, so that a stop can close them all. Each session
// holds an OpenSocket for as long as it lives; everything runs in that context's thread, so
// there is no lock. The list is intrusive: joining and leaving allocate nothing.
#pragma once

#include <cstddef>

#include <boost/asio/ip/tcp.hpp>

namespace rbasio {

class OpenSockets;

class OpenSocket {
 public:
  OpenSocket() = default;
  OpenSocket(OpenSockets& set, boost::asio::ip::tcp::socket& socket) { join(set, socket); }
  ~OpenSocket() { leave(); }
  OpenSocket(const OpenSocket&) = delete;
  OpenSocket& operator=(const OpenSocket&) = delete;

  // In the set's thread, once per OpenSocket.
  void join(OpenSockets& set, boost::asio::ip::tcp::socket& socket);

 private:
  friend class OpenSockets;
  void leave() noexcept;

  OpenSockets* set_ = nullptr;
  boost::asio::ip::tcp::socket* socket_ = nullptr;
  OpenSocket* prev_ = nullptr;
  OpenSocket* next_ = nullptr;
};

class OpenSockets {
 public:
  OpenSockets() = default;
  // Unhooks what is still listed: sessions whose handlers are destroyed with the io_context,
  // after this set, must not reach back into it.
  ~OpenSockets();
  OpenSockets(const OpenSockets&) = delete;
  OpenSockets& operator=(const OpenSockets&) = delete;

  // Closes every listed socket. Their pending operations complete later, in this thread,
  // with operation_aborted, and their sessions end there; nothing runs inline.
  void closeAll();
  std::size_t size() const { return size_; }

 private:
  friend class OpenSocket;
  OpenSocket* head_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace rbasio
