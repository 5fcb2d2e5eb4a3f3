// The request-line and the line ends: what real load generators send, and what is bad.
#include <gtest/gtest.h>

#include <string>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

TEST(HttpRequestLine, ApacheBenchHttp10ClosesAfterTheResponse) {
  const std::string ab =
      "GET / HTTP/1.0\r\nHost: 127.0.0.1:8080\r\nUser-Agent: ApacheBench/2.3\r\n"
      "Accept: */*\r\n\r\n";
  EXPECT_EQ(parse_one(ab), whole_request(ab, false));
}

TEST(HttpRequestLine, ApacheBenchKeepAliveKeepsHttp10Open) {
  const std::string ab_k =
      "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\nHost: 127.0.0.1:8080\r\n"
      "User-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n";
  EXPECT_EQ(parse_one(ab_k), whole_request(ab_k, true));
}

TEST(HttpRequestLine, WrkRequestIsKeptAlive) {
  const std::string wrk = "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n";
  EXPECT_EQ(parse_one(wrk), whole_request(wrk, true));
}

TEST(HttpRequestLine, CurlRequestWithAPathIsKeptAlive) {
  const std::string curl =
      "GET /index.html?x=1&y=%20 HTTP/1.1\r\nHost: localhost:8080\r\nUser-Agent: curl/7.88.1\r\n"
      "Accept: */*\r\n\r\n";
  EXPECT_EQ(parse_one(curl), whole_request(curl, true));
}

TEST(HttpRequestLine, Http10NeedsNoHost) {
  const std::string request = "GET / HTTP/1.0\r\n\r\n";
  EXPECT_EQ(parse_one(request), whole_request(request, false));
}

TEST(HttpRequestLine, LaterMinorVersionsAreServedAsHttp11) {
  for (const char minor : {'2', '5', '9'}) {
    const std::string request = std::string("GET / HTTP/1.") + minor + "\r\nHost: a\r\n\r\n";
    EXPECT_EQ(parse_one(request), whole_request(request, true)) << request;
    const std::string no_host = std::string("GET / HTTP/1.") + minor + "\r\n\r\n";
    EXPECT_EQ(parse_one(no_host), bad_at(no_host.size() - 1)) << no_host;
  }
}

TEST(HttpRequestLine, OtherVersionsAreBadAtTheFirstWrongByte) {
  struct Case {
    std::string request;
    std::size_t bad;
  };
  const Case cases[] = {
      {"GET / HTTP/2.0\r\nHost: a\r\n\r\n", 11},   // the '2'
      {"GET / HTTP/0.9\r\nHost: a\r\n\r\n", 11},   // the '0'
      {"GET / HTTP/1.1x\r\nHost: a\r\n\r\n", 14},  // junk after the digit
      {"GET / HTTP/1.10\r\nHost: a\r\n\r\n", 14},  // a second digit
      {"GET / HTTP/1.\r\nHost: a\r\n\r\n", 13},    // no digit
      {"GET / HTTP/1.a\r\nHost: a\r\n\r\n", 13},   // not a digit
      {"GET / http/1.1\r\nHost: a\r\n\r\n", 6},    // the name is case-sensitive
      {"GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 14},  // trailing space
      {"GET / HTTP/11\r\nHost: a\r\n\r\n", 12},    // no dot
      {"GET / HTTPS/1.1\r\nHost: a\r\n\r\n", 10},  // not HTTP
      {"GET /\r\nHost: a\r\n\r\n", 5},             // HTTP/0.9 style: no version at all
      {"GET / \r\nHost: a\r\n\r\n", 6},            // an empty version
  };
  for (const Case& c : cases) EXPECT_EQ(parse_one(c.request), bad_at(c.bad)) << c.request;
}

TEST(HttpRequestLine, OnlyGetIsServed) {
  struct Case {
    std::string request;
    std::size_t bad;
  };
  const Case cases[] = {
      {"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", 0},
      {"HEAD / HTTP/1.1\r\nHost: a\r\n\r\n", 0},
      {"PUT / HTTP/1.1\r\nHost: a\r\n\r\n", 0},
      {"get / HTTP/1.1\r\nHost: a\r\n\r\n", 0},  // methods are case-sensitive
      {"GEt / HTTP/1.1\r\nHost: a\r\n\r\n", 2},
      {"GETS / HTTP/1.1\r\nHost: a\r\n\r\n", 3},
      {"GE / HTTP/1.1\r\nHost: a\r\n\r\n", 2},
      {" GET / HTTP/1.1\r\nHost: a\r\n\r\n", 0},  // leading space
      {"GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", 3},  // HTAB is not the separator
  };
  for (const Case& c : cases) EXPECT_EQ(parse_one(c.request), bad_at(c.bad)) << c.request;
}

TEST(HttpRequestLine, TargetIsVisibleAsciiBetweenSingleSpaces) {
  struct Case {
    std::string request;
    std::size_t bad;
  };
  const Case cases[] = {
      {"GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 4},                      // two spaces
      {"GET /  HTTP/1.1\r\nHost: a\r\n\r\n", 6},                      // two spaces after
      {"GET  HTTP/1.1\r\nHost: a\r\n\r\n", 4},                        // no target
      {"GET /a\x01 HTTP/1.1\r\nHost: a\r\n\r\n", 6},                  // control character
      {"GET /a\x7f HTTP/1.1\r\nHost: a\r\n\r\n", 6},                  // DEL
      {"GET /\xc3\xa9 HTTP/1.1\r\nHost: a\r\n\r\n", 5},               // raw UTF-8
      {std::string("GET /a\0b HTTP/1.1\r\nHost: a\r\n\r\n", 30), 6},  // NUL
      {"GET /a\rb HTTP/1.1\r\nHost: a\r\n\r\n", 6},                   // CR inside the target
  };
  for (const Case& c : cases) EXPECT_EQ(parse_one(c.request), bad_at(c.bad)) << c.request;
}

TEST(HttpRequestLine, EmptyLinesBeforeTheRequestAreSkipped) {
  for (const std::string prefix : {"\r\n", "\n", "\r\n\r\n\n", "\n\r\n"}) {
    const std::string request = prefix + "GET / HTTP/1.1\r\nHost: a\r\n\r\n";
    EXPECT_EQ(parse_one(request), whole_request(request, true)) << request;
  }
}

TEST(HttpRequestLine, WhitespaceBeforeTheRequestIsBad) {
  EXPECT_EQ(parse_one("\r\n GET / HTTP/1.1\r\nHost: a\r\n\r\n"), bad_at(2));
  EXPECT_EQ(parse_one("\t\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"), bad_at(0));
}

TEST(HttpRequestLine, BareLfEndsLinesLikeCrLf) {
  const std::string lf = "GET / HTTP/1.1\nHost: a\nConnection: close\n\n";
  EXPECT_EQ(parse_one(lf), whole_request(lf, false));
  const std::string mixed = "GET / HTTP/1.1\r\nHost: a\nAccept: */*\r\n\n";
  EXPECT_EQ(parse_one(mixed), whole_request(mixed, true));
}

TEST(HttpRequestLine, CrMustBeFollowedByLf) {
  EXPECT_EQ(parse_one("GET / HTTP/1.1\rHost: a\r\n\r\n"), bad_at(15));
  EXPECT_EQ(parse_one("GET / HTTP/1.1\r\nHost: a\r\r\n\r\n"), bad_at(24));
  EXPECT_EQ(parse_one("GET / HTTP/1.1\r\nHost: a\r\n\r\r\n"), bad_at(26));
  EXPECT_EQ(parse_one("\r\rGET / HTTP/1.0\r\n\r\n"), bad_at(1));
}

TEST(HttpRequestLine, AnIncompleteRequestWaitsForMore) {
  const std::string partial = "GET / HTTP/1.1\r\nHost: a\r\n";
  const ParseOutcome outcome = parse_whole(partial);
  EXPECT_TRUE(outcome.events.empty());
  EXPECT_EQ(outcome.consumed, partial.size());
}

}  // namespace
}  // namespace rb::http_test
