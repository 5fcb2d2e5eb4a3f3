// Feeds a byte stream to rb_http_parse the way a server does (the loop in http_request.h),
// in chosen chunks, and records what came out, so tests compare outcomes, not calls.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace rb::http_test {

// One RB_HTTP_REQUEST or RB_HTTP_BAD: where in the stream it ended and what it decided.
struct ParseEvent {
  int result = 0;
  std::size_t end = 0;  // stream offset just past the head (REQUEST), of the bad byte (BAD)
  bool keep_alive = false;
  bool operator==(const ParseEvent&) const = default;
};
std::ostream& operator<<(std::ostream& out, const ParseEvent& event);

struct ParseOutcome {
  std::vector<ParseEvent> events;
  std::size_t consumed = 0;  // stream bytes the parser took (stops at a BAD)
  bool operator==(const ParseOutcome&) const = default;
};
std::ostream& operator<<(std::ostream& out, const ParseOutcome& outcome);

// `cuts` are increasing stream offsets where one read ends and the next begins.
ParseOutcome parse_chunks(std::string_view stream, const std::vector<std::size_t>& cuts);
ParseOutcome parse_whole(std::string_view stream);
ParseOutcome parse_bytewise(std::string_view stream);

// The outcome of a stream holding one request: a single REQUEST (keep_alive as decided) or
// a single BAD.
ParseEvent parse_one(std::string_view request);

std::string read_file(const std::string& path);

}  // namespace rb::http_test
