#include "response_checks.h"

#include <gtest/gtest.h>

#include <string>

#include "reactorbench/http_request.h"

namespace rb_test {

namespace {

// What the shared builder sends, owned for the length of a check.
std::string CannedOk(uint32_t body_size, bool keep_alive) {
  rb_http_responses responses;
  if (rb_http_responses_init(&responses, body_size) != 0) return "(out of memory)";
  std::size_t length = 0;
  const char* data = rb_http_response(&responses, keep_alive ? 1 : 0, &length);
  std::string canned(data, length);
  rb_http_responses_free(&responses);
  return canned;
}

}  // namespace

std::string ExpectedBody(uint32_t body_size) {
  std::string body(body_size, '\0');
  for (uint32_t i = 0; i < body_size; ++i) body[i] = rb_http_body_byte(i);
  return body;
}

void ExpectOk(const RrCase& rr_case, const HttpResponse& response, uint32_t body_size,
              bool keep_alive) {
  EXPECT_EQ(response.status, 200) << response.status_line;
  EXPECT_EQ(response.body, ExpectedBody(body_size));
  const auto length = response.fields.find("content-length");
  ASSERT_NE(length, response.fields.end()) << response.raw;
  EXPECT_EQ(length->second, std::to_string(body_size));
  if (rr_case.exact_responses) {
    EXPECT_EQ(response.raw, CannedOk(body_size, keep_alive));
  }
}

void ExpectBadRequest(const RrCase& rr_case, const HttpResponse& response) {
  EXPECT_EQ(response.status, 400) << response.status_line;
  if (rr_case.exact_responses) {
    EXPECT_EQ(response.raw, std::string(RB_HTTP_400));
  }
}

}  // namespace rb_test
