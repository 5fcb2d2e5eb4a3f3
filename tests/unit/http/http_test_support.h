// Shorthands for the expected outcomes in the HTTP parser tests.
#pragma once

#include <reactorbench/http_request.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "http_feed.h"

namespace rb::http_test {

inline ParseEvent request_at(std::size_t end, bool keep_alive) {
  return {RB_HTTP_REQUEST, end, keep_alive};
}
inline ParseEvent bad_at(std::size_t offset) {
  return {RB_HTTP_BAD, offset, false};
}

// A well-formed single request is all of its bytes.
inline ParseEvent whole_request(std::string_view request, bool keep_alive) {
  return request_at(request.size(), keep_alive);
}

// Where `marker` first occurs in `request`: the offending byte of a bad request.
inline std::size_t offset_of(std::string_view request, std::string_view marker) {
  return request.find(marker);
}

}  // namespace rb::http_test
