// The load generator's side of the rr protocol: reads HTTP/1.1 responses off one
// connection, incrementally, and checks each against what the server was told to send
// (status 200, Content-Length = body_size, the body pattern of <reactorbench/http_request.h>).
// Extra header fields (evhttp adds Date and Content-Type) are allowed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace rb::loadgen {

class HttpResponseReader {
 public:
  enum class Result {
    need_more,  // every byte given was consumed
    response,   // one complete response ends at `consumed`: see last()
    malformed   // not HTTP, no Content-Length, a body that breaks the pattern...: see error()
  };
  struct Response {
    int status = 0;
    bool close = false;    // Connection: close
    bool body_ok = false;  // Content-Length == expected body size, every byte as expected
  };

  explicit HttpResponseReader(std::uint64_t expected_body_size);

  Result feed(const char* data, std::size_t len, std::size_t& consumed);
  const Response& last() const { return response_; }
  const std::string& error() const { return error_; }
  // Between responses (nothing of the next one read yet).
  bool idle() const { return state_ == State::status_line && line_.empty(); }

 private:
  enum class State { status_line, header_line, body };
  Result fail(std::string why);
  bool end_of_line();  // false when the line is malformed (error_ set)
  bool take_status_line();
  bool take_header_line();

  std::uint64_t expected_body_;
  State state_ = State::status_line;
  std::string line_;
  std::size_t head_bytes_ = 0;
  bool have_length_ = false;
  std::uint64_t body_left_ = 0;
  std::uint64_t body_offset_ = 0;
  Response response_;
  std::string error_;
};

}  // namespace rb::loadgen
