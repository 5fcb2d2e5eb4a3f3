// The canned responses, byte for byte.
#include <gtest/gtest.h>

#include <reactorbench/http_request.h>

#include <cstdint>
#include <string>

namespace {

std::string response_of(const rb_http_responses& responses, int keep_alive) {
  std::size_t len = 0;
  const char* bytes = rb_http_response(&responses, keep_alive, &len);
  return std::string(bytes, len);
}

struct Responses {
  explicit Responses(std::uint32_t body_size) {
    EXPECT_EQ(rb_http_responses_init(&built, body_size), 0);
  }
  ~Responses() { rb_http_responses_free(&built); }
  rb_http_responses built;
};

TEST(HttpResponses, EmptyBody) {
  const Responses responses(0);
  EXPECT_EQ(response_of(responses.built, 1),
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n");
  EXPECT_EQ(response_of(responses.built, 0),
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
}

TEST(HttpResponses, TwoByteBodyIsOk) {
  const Responses responses(2);
  EXPECT_EQ(response_of(responses.built, 1),
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
  EXPECT_EQ(response_of(responses.built, 0),
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
}

TEST(HttpResponses, FiveByteBody) {
  const Responses responses(5);
  EXPECT_EQ(response_of(responses.built, 1),
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nokoko");
  EXPECT_EQ(response_of(responses.built, 0),
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nokoko");
}

TEST(HttpResponses, AnyNonZeroKeepAliveSelectsKeepAlive) {
  const Responses responses(2);
  EXPECT_EQ(response_of(responses.built, 7), response_of(responses.built, 1));
}

TEST(HttpResponses, LargeBodyFollowsThePattern) {
  const std::uint32_t size = 1000003;
  const Responses responses(size);
  const std::string head =
      "HTTP/1.1 200 OK\r\nContent-Length: 1000003\r\nConnection: close\r\n\r\n";
  const std::string response = response_of(responses.built, 0);
  ASSERT_EQ(response.size(), head.size() + size);
  EXPECT_EQ(response.substr(0, head.size()), head);
  std::uint64_t wrong = 0;
  for (std::uint64_t i = 0; i < size; ++i)
    wrong += response[head.size() + i] != rb_http_body_byte(i);
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(responses.built.keep_alive_len, responses.built.close_len + 5);  // "keep-alive"
}

TEST(HttpResponses, FreeResetsAndMayBeRepeated) {
  rb_http_responses responses;
  ASSERT_EQ(rb_http_responses_init(&responses, 2), 0);
  rb_http_responses_free(&responses);
  EXPECT_EQ(responses.keep_alive, nullptr);
  EXPECT_EQ(responses.close, nullptr);
  EXPECT_EQ(responses.keep_alive_len, 0u);
  rb_http_responses_free(&responses);
}

TEST(HttpResponses, BadRequestAnswer) {
  EXPECT_EQ(std::string(RB_HTTP_400, RB_HTTP_400_LEN),
            "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
}

TEST(HttpResponses, BodyPatternIsOk) {
  EXPECT_EQ(rb_http_body_byte(0), 'o');
  EXPECT_EQ(rb_http_body_byte(1), 'k');
  EXPECT_EQ(rb_http_body_byte(4294967296ull), 'o');
  EXPECT_EQ(rb_http_body_byte(4294967297ull), 'k');
}

}  // namespace
