#include "rr_server.h"

#include <any>
#include <new>

#include "reactor/buffer.h"
#include "reactor/tcp_connection.h"
#include "sigpipe_block.h"

namespace rbmuduo {

namespace {

// What one connection keeps in its context.
struct HttpSession {
  rb_http_parser parser;
  bool closing = false;  // reads no more; closes once its output has drained
  std::uint64_t requests = 0;
  std::uint64_t badRequests = 0;
};

// Set by onConnection before the connection's first message.
HttpSession& sessionOf(const TcpConnectionPtr& conn) {
  return *std::any_cast<HttpSession>(conn->getMutableContext());
}

// Sends the connection's last response; it closes once the output has drained.
void sendAndClose(const TcpConnectionPtr& conn, HttpSession& session, const char* data,
                  std::size_t len) {
  session.closing = true;
  conn->setWriteCompleteCallback([](const TcpConnectionPtr& c) { c->forceClose(); });
  conn->send(data, len);
}

}  // namespace

CannedResponses::CannedResponses(std::uint32_t bodySize) {
  if (rb_http_responses_init(&responses_, bodySize) != 0) {
    throw std::bad_alloc();
  }
}

RrServer::RrServer(const rb_rr_server_params& params, const PluginOptions& options)
    : responses_(params.body_size),
      server_(
          params.listen_fd, params.stop_fd, params.threads, options, "rr",
          [this](const TcpConnectionPtr& conn) { onConnection(conn); },
          [this](const TcpConnectionPtr& conn, Buffer* buffer) { onMessage(conn, buffer); }) {}

void RrServer::serve() {
  const SigpipeBlock sigpipeBlock;
  server_.serve();
}

void RrServer::onConnection(const TcpConnectionPtr& conn) {
  if (conn->connected()) {
    HttpSession session;
    rb_http_parser_init(&session.parser);
    conn->setContext(session);
  } else if (const auto* session = std::any_cast<HttpSession>(conn->getMutableContext())) {
    requests_.fetch_add(session->requests, std::memory_order_relaxed);
    badRequests_.fetch_add(session->badRequests, std::memory_order_relaxed);
  }
}

// Answers every complete request in the buffer, in order (pipelining), until one ends the
// connection (what follows that one is never looked at) or the output waiting goes above the
// high-water mark (the rest waits in the buffer until the output has drained).
void RrServer::onMessage(const TcpConnectionPtr& conn, Buffer* buffer) {
  HttpSession& session = sessionOf(conn);
  const char* data = buffer->peek();
  std::size_t len = session.closing ? 0 : buffer->readableBytes();
  while (len > 0 && !session.closing && !conn->outputAboveHighWaterMark()) {
    std::size_t used = 0;
    const int rc = rb_http_parse(&session.parser, data, len, &used);
    data += used;
    len -= used;
    if (rc == RB_HTTP_NEED_MORE) {
      break;
    }
    if (rc == RB_HTTP_BAD) {
      ++session.badRequests;
      sendAndClose(conn, session, RB_HTTP_400, RB_HTTP_400_LEN);
      break;
    }
    ++session.requests;
    const int keepAlive = session.parser.keep_alive;
    std::size_t responseLen = 0;
    const char* response = rb_http_response(responses_.get(), keepAlive, &responseLen);
    if (keepAlive) {
      conn->send(response, responseLen);
    } else {
      sendAndClose(conn, session, response, responseLen);
    }
  }
  // The parser keeps what it needs of a partial request, so every byte it saw is consumed.
  if (session.closing || len == 0) {
    buffer->retrieveAll();
  } else {
    buffer->retrieve(buffer->readableBytes() - len);
  }
}

void RrServer::reportCounters(const rb_counter_sink& sink) const {
  server_.reportConnections(sink);
  sink.put(sink.ctx, "requests", requests_.load());
  sink.put(sink.ctx, "bad_requests", badRequests_.load());
}

}  // namespace rbmuduo
