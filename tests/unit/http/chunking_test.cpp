// Any split of the same bytes into reads gives the same results at the same offsets.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

// Valid and bad streams, some pipelined: the chunkings below must not change their outcome.
const std::vector<std::string> kStreams = {
    "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
    "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\nHost: a\r\nUser-Agent: ApacheBench/2.3\r\n\r\n",
    "\r\nGET /x HTTP/1.1\nHost: a\nConnection: TE, close\n\nGET / HTTP/1.0\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 00\r\n\r\nGET / HTTP/1.1\r\nHost: b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0 5\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nAccept: */*\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nX: y\r\n z\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\r\n\r\n",
    "GET / HTTP/1.1x\r\nHost: a\r\n\r\n",
};

TEST(HttpChunking, EveryChunkingOfAShortRequest) {
  const std::string request = "GET / HTTP/1.0\r\n\r\n";
  const ParseOutcome whole = parse_whole(request);
  ASSERT_EQ(whole.events.size(), 1u);
  const std::size_t gaps = request.size() - 1;
  for (std::uint32_t mask = 0; mask < (1u << gaps); ++mask) {
    std::vector<std::size_t> cuts;
    for (std::size_t gap = 0; gap < gaps; ++gap)
      if (mask & (1u << gap)) cuts.push_back(gap + 1);
    ASSERT_EQ(parse_chunks(request, cuts), whole) << "cut mask " << mask;
  }
}

TEST(HttpChunking, EveryOneAndTwoCutSplit) {
  for (const std::string& stream : kStreams) {
    const ParseOutcome whole = parse_whole(stream);
    ASSERT_FALSE(whole.events.empty()) << stream;
    for (std::size_t a = 0; a <= stream.size(); ++a) {
      ASSERT_EQ(parse_chunks(stream, {a}), whole) << stream << " cut at " << a;
      for (std::size_t b = a; b <= stream.size(); ++b)
        ASSERT_EQ(parse_chunks(stream, {a, b}), whole) << stream << " cuts " << a << "," << b;
    }
  }
}

TEST(HttpChunking, ByteByByteMatchesWhole) {
  for (const std::string& stream : kStreams)
    EXPECT_EQ(parse_bytewise(stream), parse_whole(stream)) << stream;
}

TEST(HttpChunking, RandomSplitsOfALongPipeline) {
  std::string stream;
  for (int i = 0; i < 50; ++i)
    for (const std::string& request : kStreams)
      if (parse_whole(request).events.back().result == RB_HTTP_REQUEST) stream += request;
  stream += kStreams[4];  // ends bad
  const ParseOutcome whole = parse_whole(stream);
  ASSERT_EQ(whole.events.back().result, RB_HTTP_BAD);
  std::mt19937 random(20261201);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::size_t> cuts;
    std::size_t at = 0;
    while (true) {
      at += std::uniform_int_distribution<std::size_t>(0, 40)(random);
      if (at >= stream.size()) break;
      cuts.push_back(at);
    }
    ASSERT_EQ(parse_chunks(stream, cuts), whole) << "round " << round;
  }
}

}  // namespace
}  // namespace rb::http_test
