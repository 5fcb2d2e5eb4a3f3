// Several requests in one read come out one at a time, each with its own keep-alive.
#include <gtest/gtest.h>

#include <string>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

const std::string kWrk = "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n";
const std::string kClose = "GET /bye HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";

TEST(HttpPipelining, OneCallStopsRightAfterOneHead) {
  const std::string two = kWrk + kWrk;
  rb_http_parser parser;
  rb_http_parser_init(&parser);
  std::size_t used = 0;
  EXPECT_EQ(rb_http_parse(&parser, two.data(), two.size(), &used), RB_HTTP_REQUEST);
  EXPECT_EQ(used, kWrk.size());
  EXPECT_EQ(parser.keep_alive, 1);
  EXPECT_EQ(rb_http_parse(&parser, two.data() + used, two.size() - used, &used), RB_HTTP_REQUEST);
  EXPECT_EQ(used, kWrk.size());
  EXPECT_EQ(rb_http_parse(&parser, two.data(), 0, &used), RB_HTTP_NEED_MORE);
  EXPECT_EQ(used, 0u);
}

TEST(HttpPipelining, EachRequestDecidesItsOwnKeepAlive) {
  const std::string stream = kWrk + kClose + kWrk;
  const ParseOutcome outcome = parse_whole(stream);
  const ParseOutcome expected{
      {request_at(kWrk.size(), true), request_at(kWrk.size() + kClose.size(), false),
       request_at(stream.size(), true)},
      stream.size()};
  EXPECT_EQ(outcome, expected);
}

TEST(HttpPipelining, StateDoesNotLeakIntoTheNextRequest) {
  // The first request's Host and Connection must not count for the second.
  const std::string http10_keep = "GET / HTTP/1.0\r\nConnection: keep-alive\r\nHost: a\r\n\r\n";
  const std::string http10 = "GET / HTTP/1.0\r\n\r\n";
  const std::string no_host = "GET / HTTP/1.1\r\n\r\n";
  const std::string stream = http10_keep + http10 + kWrk + no_host;
  const ParseOutcome expected{
      {request_at(http10_keep.size(), true), request_at(http10_keep.size() + http10.size(), false),
       request_at(http10_keep.size() + http10.size() + kWrk.size(), true),
       bad_at(stream.size() - 1)},
      stream.size() - 1};
  EXPECT_EQ(parse_whole(stream), expected);
}

TEST(HttpPipelining, ABadRequestStopsTheStream) {
  const std::string stream = kWrk + "GET / HTTP/2.0\r\n\r\n" + kWrk;
  const ParseOutcome expected{{request_at(kWrk.size(), true), bad_at(kWrk.size() + 11)},
                              kWrk.size() + 11};
  EXPECT_EQ(parse_whole(stream), expected);
}

TEST(HttpPipelining, TheParserStaysBad) {
  const std::string bad = "POST / HTTP/1.1\r\n";
  rb_http_parser parser;
  rb_http_parser_init(&parser);
  std::size_t used = 99;
  EXPECT_EQ(rb_http_parse(&parser, bad.data(), bad.size(), &used), RB_HTTP_BAD);
  EXPECT_EQ(used, 0u);
  EXPECT_EQ(rb_http_parse(&parser, kWrk.data(), kWrk.size(), &used), RB_HTTP_BAD);
  EXPECT_EQ(used, 0u);
  EXPECT_EQ(parser.keep_alive, 0);
  rb_http_parser_init(&parser);  // a reset
  EXPECT_EQ(rb_http_parse(&parser, kWrk.data(), kWrk.size(), &used), RB_HTTP_REQUEST);
}

TEST(HttpPipelining, AHalfRequestAfterACompleteOneIsKept) {
  const std::string stream = kWrk + kWrk.substr(0, 10);
  const ParseOutcome expected{{request_at(kWrk.size(), true)}, stream.size()};
  EXPECT_EQ(parse_whole(stream), expected);
  const ParseOutcome finished = parse_chunks(stream + kWrk.substr(10), {stream.size()});
  EXPECT_EQ(finished.events.size(), 2u);
  EXPECT_EQ(finished.events.back(), request_at(2 * kWrk.size(), true));
}

TEST(HttpPipelining, AThousandRequestsInOneRead) {
  std::string stream;
  for (int i = 0; i < 1000; ++i) stream += i % 3 == 0 ? "\r\n" + kWrk : kWrk;
  const ParseOutcome outcome = parse_whole(stream);
  EXPECT_EQ(outcome.events.size(), 1000u);
  EXPECT_EQ(outcome.consumed, stream.size());
  for (const ParseEvent& event : outcome.events) EXPECT_TRUE(event.keep_alive);
}

}  // namespace
}  // namespace rb::http_test
