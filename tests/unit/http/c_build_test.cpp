// The header compiled as C parses and answers exactly like the C++ build.
#include <gtest/gtest.h>

#include <string>

#include "http_c_check.h"
#include "http_test_support.h"

namespace rb::http_test {
namespace {

TEST(HttpCBuild, CountsPipelinedRequestsLikeCxx) {
  const std::string stream =
      "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
      "GET / HTTP/1.1\r\n\r\n";
  int bad = 0;
  int keep_alive = 0;
  EXPECT_EQ(rb_http_c_count_requests(stream.data(), stream.size(), &bad, &keep_alive), 2);
  EXPECT_EQ(bad, 1);
  EXPECT_EQ(keep_alive, 1);
  const ParseOutcome cxx = parse_whole(stream);
  ASSERT_EQ(cxx.events.size(), 3u);
  EXPECT_EQ(cxx.events.back().result, RB_HTTP_BAD);
}

TEST(HttpCBuild, BuildsTheSameResponse) {
  char out[128];
  const std::size_t len = rb_http_c_response(2, 0, out, sizeof out);
  EXPECT_EQ(std::string(out, len),
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
}

}  // namespace
}  // namespace rb::http_test
