// The host's listening socket and stop_fd, handed to asio objects that close what they hold:
// a basic_socket_acceptor closes its socket on close() or destruction and a
// posix::stream_descriptor closes its fd on destruction, while the host owns both fds and
// closes them itself. So each asio object gets a dup: the same open file under a number of
// its own, which asio may close (and epoll_ctl ADD, even where the host's number is watched
// elsewhere) without touching the host's.
#pragma once

#include <boost/asio/ip/tcp.hpp>

namespace rbasio {

// fcntl(F_DUPFD_CLOEXEC); throws std::system_error naming `what`.
int duplicateFd(int fd, const char* what);

// Gives the acceptor a dup of the host's bound, listening socket (IPv4 or IPv6).
void adoptListeningSocket(boost::asio::ip::tcp::acceptor& acceptor, int listenFd);

// What every accepted connection gets, in both plugins: TCP_NODELAY (responses and echoes
// leave in one write each; Nagle would only hold the next one back behind a delayed ACK).
void tuneAcceptedSocket(boost::asio::ip::tcp::socket& socket);

}  // namespace rbasio
