#include "loadgen/http_response_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rb::loadgen {
namespace {

using Result = HttpResponseReader::Result;

struct Outcome {
  std::vector<HttpResponseReader::Response> responses;
  bool malformed = false;
  std::string error;
};

// Feeds `text` in pieces of `chunk` bytes (0: all at once).
Outcome read_all(const std::string& text, std::uint64_t body, std::size_t chunk = 0) {
  HttpResponseReader reader(body);
  Outcome out;
  std::size_t at = 0;
  while (at < text.size() && !out.malformed) {
    const std::size_t piece = chunk == 0 ? text.size() - at : std::min(chunk, text.size() - at);
    const char* data = text.data() + at;
    std::size_t left = piece;
    while (left > 0) {
      std::size_t used = 0;
      const Result rc = reader.feed(data, left, used);
      EXPECT_LE(used, left);
      data += used;
      left -= used;
      if (rc == Result::response) out.responses.push_back(reader.last());
      if (rc == Result::malformed) {
        out.malformed = true;
        out.error = reader.error();
        break;
      }
      if (rc == Result::need_more) break;
    }
    at += piece;
  }
  return out;
}

const std::string kOk = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok";

TEST(HttpResponseReader, ReadsBackToBackResponsesInAnyChunking) {
  const std::string two = kOk + kOk;
  for (std::size_t chunk : {0u, 1u, 2u, 3u, 7u, 50u}) {
    const Outcome out = read_all(two, 2, chunk);
    ASSERT_FALSE(out.malformed) << chunk << ": " << out.error;
    ASSERT_EQ(out.responses.size(), 2u) << chunk;
    for (const auto& r : out.responses) {
      EXPECT_EQ(r.status, 200);
      EXPECT_TRUE(r.body_ok);
      EXPECT_FALSE(r.close);
    }
  }
}

TEST(HttpResponseReader, ExtraFieldsAndBareLineFeedsAreFine) {
  const Outcome out = read_all(
      "HTTP/1.1 200 OK\nDate: Tue, 01 Dec 2026 00:00:00 GMT\nContent-Type: text/plain\n"
      "content-length:   4  \n\nokok",
      4);
  ASSERT_FALSE(out.malformed) << out.error;
  ASSERT_EQ(out.responses.size(), 1u);
  EXPECT_TRUE(out.responses[0].body_ok);
}

TEST(HttpResponseReader, ConnectionCloseIsSeenInATokenList) {
  const Outcome out =
      read_all("HTTP/1.1 200 OK\r\nConnection: foo, Close\r\nContent-Length: 2\r\n\r\nok", 2);
  ASSERT_EQ(out.responses.size(), 1u);
  EXPECT_TRUE(out.responses[0].close);
}

TEST(HttpResponseReader, AWrongBodyOrLengthIsReportedNotMalformed) {
  Outcome out = read_all("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno", 2);
  ASSERT_EQ(out.responses.size(), 1u);
  EXPECT_FALSE(out.responses[0].body_ok);
  out = read_all("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\noko", 2);
  ASSERT_EQ(out.responses.size(), 1u);
  EXPECT_FALSE(out.responses[0].body_ok);
}

TEST(HttpResponseReader, OtherStatusesAreReadWithTheirCode) {
  const Outcome out =
      read_all("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", 2);
  ASSERT_EQ(out.responses.size(), 1u);
  EXPECT_EQ(out.responses[0].status, 400);
  EXPECT_TRUE(out.responses[0].close);
}

TEST(HttpResponseReader, GarbageIsMalformedWithAReason) {
  struct Case {
    const char* text;
    const char* says;
  } cases[] = {
      {"SSH-2.0-OpenSSH\r\n", "not an HTTP/1.x status line"},
      {"HTTP/1.1 2x0 OK\r\n", "bad status code"},
      {"HTTP/1.1 200 OK\r\n\r\n", "without Content-Length"},
      {"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "bad Content-Length"},
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "Transfer-Encoding"},
      {"HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "malformed header field"},
  };
  for (const auto& c : cases) {
    const Outcome out = read_all(c.text, 2);
    EXPECT_TRUE(out.malformed) << c.text;
    EXPECT_NE(out.error.find(c.says), std::string::npos) << c.text << " -> " << out.error;
  }
}

TEST(HttpResponseReader, AnEndlessHeadIsCutOff) {
  const std::string head = "HTTP/1.1 200 OK\r\nX: " + std::string(20000, 'a');
  const Outcome out = read_all(head, 2, 1000);
  EXPECT_TRUE(out.malformed);
  EXPECT_NE(out.error.find("longer than 16 KiB"), std::string::npos);
}

}  // namespace
}  // namespace rb::loadgen
