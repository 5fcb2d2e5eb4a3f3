// libFuzzer target for the shared HTTP request parser (reactorbench/http_request.h). The
// promises under test: the outcome of a byte stream (each REQUEST or BAD, the stream offset
// where it ended, keep_alive) does not depend on how the stream is split into reads; a call
// never consumes more than it was given; NEED_MORE consumes everything and REQUEST at least
// one byte, so a server's read loop always ends; a parser that said BAD stays bad; every
// REQUEST is a GET head no longer than RB_HTTP_MAX_HEAD that ends with an empty line. Each
// read is copied into a buffer of exactly its size, so ASan sees any byte read past it.
#include <reactorbench/http_request.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace {

struct Event {
  int result;
  std::size_t end;  // stream offset past the head (REQUEST) or of the bad byte (BAD)
  int keep_alive;
  bool operator==(const Event&) const = default;
};

struct Outcome {
  std::vector<Event> events;
  std::size_t consumed = 0;
  bool operator==(const Outcome&) const = default;
};

[[noreturn]] void broken_promise(const char* why) {
  std::fprintf(stderr, "http parser breaks its promise: %s\n", why);
  std::abort();
}

// A REQUEST's head: optional empty lines, "GET ", ..., an empty line.
void check_head(std::string_view head) {
  if (head.size() > RB_HTTP_MAX_HEAD) broken_promise("a head longer than RB_HTTP_MAX_HEAD");
  const std::size_t start = head.find_first_not_of("\r\n");
  if (start == std::string_view::npos || head.substr(start, 4) != "GET ")
    broken_promise("a request that is not a GET");
  if (!head.ends_with("\n\n") && !head.ends_with("\n\r\n"))
    broken_promise("a head without its empty line");
}

// The server loop of http_request.h over reads ending at `cuts` (increasing, < size).
Outcome parse_reads(const std::uint8_t* stream, std::size_t size,
                    const std::vector<std::size_t>& cuts) {
  rb_http_parser parser;
  rb_http_parser_init(&parser);
  Outcome outcome;
  std::size_t read_start = 0;
  for (std::size_t read = 0; read <= cuts.size(); ++read) {
    const std::size_t read_end = read < cuts.size() ? cuts[read] : size;
    std::size_t len = read_end - read_start;
    if (len == 0) continue;
    const std::unique_ptr<char[]> copy(new char[len]);
    std::memcpy(copy.get(), stream + read_start, len);
    read_start = read_end;
    const char* data = copy.get();
    while (len > 0) {
      std::size_t used = len + 1;
      const int rc = rb_http_parse(&parser, data, len, &used);
      if (used > len) broken_promise("consumed more than it was given");
      const std::size_t head_start = outcome.events.empty() ? 0 : outcome.events.back().end;
      data += used;
      len -= used;
      outcome.consumed += used;
      if (rc == RB_HTTP_NEED_MORE) {
        if (len != 0) broken_promise("NEED_MORE left bytes unconsumed");
        break;
      }
      if (rc == RB_HTTP_BAD) {
        std::size_t again = 1;
        if (rb_http_parse(&parser, data, len, &again) != RB_HTTP_BAD || again != 0)
          broken_promise("a bad parser recovered");
        outcome.events.push_back({rc, outcome.consumed, 0});
        return outcome;
      }
      if (rc != RB_HTTP_REQUEST) broken_promise("an unknown result");
      if (used == 0) broken_promise("a REQUEST that consumed nothing");
      if (parser.keep_alive != 0 && parser.keep_alive != 1) broken_promise("keep_alive not 0/1");
      check_head(std::string_view(reinterpret_cast<const char*>(stream) + head_start,
                                  outcome.consumed - head_start));
      outcome.events.push_back({rc, outcome.consumed, parser.keep_alive});
    }
  }
  if (outcome.consumed != size) broken_promise("bytes lost without a BAD");
  return outcome;
}

// Read sizes taken from the input itself, so the fuzzer steers the splits too.
std::vector<std::size_t> cuts_from_bytes(const std::uint8_t* data, std::size_t size,
                                         std::size_t scale) {
  std::vector<std::size_t> cuts;
  std::size_t at = 0;
  for (std::size_t k = 0; size > 0; ++k) {
    at += 1 + data[(k * 7) % size] * scale % 97;
    if (at >= size) break;
    cuts.push_back(at);
  }
  return cuts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Outcome whole = parse_reads(data, size, {});
  std::vector<std::size_t> every_byte;
  for (std::size_t at = 1; at < size; ++at) every_byte.push_back(at);
  if (!(parse_reads(data, size, every_byte) == whole)) broken_promise("byte by byte differs");
  if (!(parse_reads(data, size, cuts_from_bytes(data, size, 1)) == whole))
    broken_promise("small splits differ");
  if (!(parse_reads(data, size, cuts_from_bytes(data, size, 31)) == whole))
    broken_promise("large splits differ");
  return 0;
}
