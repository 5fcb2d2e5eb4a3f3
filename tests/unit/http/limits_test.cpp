// The bounds: RB_HTTP_MAX_HEAD bytes per head and RB_HTTP_MAX_FIELDS fields.
#include <gtest/gtest.h>

#include <string>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

const std::string kStart = "GET / HTTP/1.1\r\nHost: a\r\nX: ";
const std::string kEnd = "\r\n\r\n";

// A request of exactly `size` bytes, padded in one field value.
std::string request_of_size(std::size_t size) {
  return kStart + std::string(size - kStart.size() - kEnd.size(), 'p') + kEnd;
}

TEST(HttpLimits, AHeadOfExactlyMaxHeadBytesIsServed) {
  const std::string request = request_of_size(RB_HTTP_MAX_HEAD);
  EXPECT_EQ(parse_one(request), whole_request(request, true));
  EXPECT_EQ(parse_bytewise(request), parse_whole(request));
}

TEST(HttpLimits, OneByteMoreIsBadAtThatByte) {
  const std::string request = request_of_size(RB_HTTP_MAX_HEAD + 1);
  EXPECT_EQ(parse_one(request), bad_at(RB_HTTP_MAX_HEAD));
  EXPECT_EQ(parse_bytewise(request), parse_whole(request));
}

TEST(HttpLimits, AnEndlessHeadIsBadWithoutWaitingForItsEnd) {
  const std::string endless = kStart + std::string(100000, 'p');
  EXPECT_EQ(parse_one(endless), bad_at(RB_HTTP_MAX_HEAD));
}

TEST(HttpLimits, SkippedEmptyLinesCountAgainstTheHead) {
  const std::string wrk = "GET / HTTP/1.1\r\nHost: a\r\n\r\n";
  const std::string fits = std::string(RB_HTTP_MAX_HEAD - wrk.size(), '\n') + wrk;
  EXPECT_EQ(parse_one(fits), whole_request(fits, true));
  const std::string endless(3 * RB_HTTP_MAX_HEAD, '\n');
  EXPECT_EQ(parse_one(endless), bad_at(RB_HTTP_MAX_HEAD));
}

TEST(HttpLimits, EachPipelinedHeadHasItsOwnBudget) {
  const std::string one = request_of_size(RB_HTTP_MAX_HEAD);
  const std::string three = one + one + one;
  const ParseOutcome outcome = parse_whole(three);
  ASSERT_EQ(outcome.events.size(), 3u);
  EXPECT_EQ(outcome.events[2], request_at(three.size(), true));
}

std::string request_with_fields(int fields) {
  std::string request = "GET / HTTP/1.1\r\nHost: a\r\n";
  for (int i = 1; i < fields; ++i) request += "X-" + std::to_string(i) + ": v\r\n";
  return request + "\r\n";
}

TEST(HttpLimits, MaxFieldsAreServed) {
  const std::string request = request_with_fields(RB_HTTP_MAX_FIELDS);
  EXPECT_EQ(parse_one(request), whole_request(request, true));
}

TEST(HttpLimits, OneFieldMoreIsBadAtItsFirstByte) {
  const std::string request = request_with_fields(RB_HTTP_MAX_FIELDS + 1);
  const std::string last_field = "X-" + std::to_string(RB_HTTP_MAX_FIELDS) + ":";
  EXPECT_EQ(parse_one(request), bad_at(offset_of(request, last_field)));
}

}  // namespace
}  // namespace rb::http_test
