#include "http_feed.h"

#include <reactorbench/http_request.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace rb::http_test {

std::ostream& operator<<(std::ostream& out, const ParseEvent& event) {
  const char* name = event.result == RB_HTTP_REQUEST ? "REQUEST"
                     : event.result == RB_HTTP_BAD   ? "BAD"
                                                     : "NEED_MORE";
  return out << name << "@" << event.end << (event.keep_alive ? "+keep-alive" : "");
}

std::ostream& operator<<(std::ostream& out, const ParseOutcome& outcome) {
  out << "{";
  for (const ParseEvent& event : outcome.events) out << event << " ";
  return out << "consumed " << outcome.consumed << "}";
}

ParseOutcome parse_chunks(std::string_view stream, const std::vector<std::size_t>& cuts) {
  rb_http_parser parser;
  rb_http_parser_init(&parser);
  ParseOutcome outcome;
  std::size_t chunk_start = 0;
  for (std::size_t cut = 0; cut <= cuts.size(); ++cut) {
    const std::size_t chunk_end = cut < cuts.size() ? cuts[cut] : stream.size();
    const char* data = stream.data() + chunk_start;
    std::size_t len = chunk_end - chunk_start;
    chunk_start = chunk_end;
    while (len > 0) {
      std::size_t used = 0;
      const int rc = rb_http_parse(&parser, data, len, &used);
      if (used > len) throw std::logic_error("rb_http_parse consumed more than it was given");
      data += used;
      len -= used;
      outcome.consumed += used;
      if (rc == RB_HTTP_NEED_MORE) {
        if (len != 0) throw std::logic_error("NEED_MORE left bytes unconsumed");
        break;
      }
      if (rc == RB_HTTP_BAD) {
        outcome.events.push_back({rc, outcome.consumed, false});
        return outcome;
      }
      if (used == 0) throw std::logic_error("a REQUEST that consumed nothing");
      outcome.events.push_back({rc, outcome.consumed, parser.keep_alive != 0});
    }
  }
  return outcome;
}

ParseOutcome parse_whole(std::string_view stream) {
  return parse_chunks(stream, {});
}

ParseOutcome parse_bytewise(std::string_view stream) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = 1; i < stream.size(); ++i) cuts.push_back(i);
  return parse_chunks(stream, cuts);
}

ParseEvent parse_one(std::string_view request) {
  const ParseOutcome outcome = parse_whole(request);
  if (outcome.events.size() != 1) {
    std::ostringstream message;
    message << "expected one result from a single request, got " << outcome;
    throw std::logic_error(message.str());
  }
  return outcome.events.front();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace rb::http_test
