#include "rr_connection.h"

#include <new>

namespace rbasio {

HttpResponses::HttpResponses(std::uint32_t bodySize) {
  if (rb_http_responses_init(&responses_, bodySize) != 0) {
    throw std::bad_alloc();
  }
}

HttpResponses::~HttpResponses() {
  rb_http_responses_free(&responses_);
}

RrConnection::RrConnection(const HttpResponses& responses, RrCounters& counters,
                           std::size_t readBuffer)
    : responses_(responses.get()),
      counters_(counters),
      bufferSize_(readBuffer),
      buffer_(new char[readBuffer]) {
  rb_http_parser_init(&parser_);
}

bool RrConnection::consume(std::size_t length) {
  const char* data = buffer_.get();
  while (length > 0) {
    std::size_t used = 0;
    const int rc = rb_http_parse(&parser_, data, length, &used);
    data += used;
    length -= used;
    if (rc == RB_HTTP_NEED_MORE) break;
    if (rc == RB_HTTP_BAD) {
      pending_.emplace_back(RB_HTTP_400, RB_HTTP_400_LEN);
      ++counters_.badRequests;
      return true;
    }
    std::size_t size = 0;
    const char* response = rb_http_response(&responses_, parser_.keep_alive, &size);
    pending_.emplace_back(response, size);
    ++counters_.requests;
    if (!parser_.keep_alive) return true;
  }
  return false;
}

}  // namespace rbasio
