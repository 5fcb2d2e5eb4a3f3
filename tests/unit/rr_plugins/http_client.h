#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "../../support/loopback.h"

namespace rb_test {

// One response as it came off the wire.
struct HttpResponse {
  std::string raw;          // status line, fields and body, exactly as received
  std::string status_line;  // without its CRLF
  int status = 0;
  std::map<std::string, std::string> fields;  // names lower-cased, values trimmed
  std::string body;
};

// A plain blocking TCP client of 127.0.0.1:port (TCP_NODELAY). Every read gives up after a
// generous receive timeout, so a server that never answers fails the test instead of hanging
// it. Failures throw std::runtime_error saying what was expected.
class HttpClient {
 public:
  explicit HttpClient(uint16_t port);

  void Send(std::string_view bytes);
  // One response: the head up to its empty line, then Content-Length bytes of body (or, with
  // no Content-Length, everything up to the server's close).
  HttpResponse ReadResponse();
  // Everything still to come until the server closes: "" when it closes right away. A reset
  // instead of an orderly close throws.
  std::string ReadUntilEof();
  // Waits for the first bytes of a response, then leaves the rest unread: closing now resets
  // the connection while the server is still sending.
  void ReadSomeResponseBytes();

 private:
  // Appends what one read returns; false at end of stream.
  bool ReadSome();

  rbtest::UniqueFd fd_;
  std::string pending_;  // received, not yet returned
};

}  // namespace rb_test
