#include "loadgen/http_response_reader.h"

#include <reactorbench/http_request.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <string_view>

namespace rb::loadgen {
namespace {

constexpr std::size_t kMaxHead = 16 * 1024;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// Connection is a comma-separated token list.
bool has_close_token(std::string_view value) {
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    if (iequals(trim(value.substr(0, comma)), "close")) return true;
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

HttpResponseReader::HttpResponseReader(std::uint64_t expected_body_size)
    : expected_body_(expected_body_size) {}

HttpResponseReader::Result HttpResponseReader::fail(std::string why) {
  error_ = std::move(why);
  return Result::malformed;
}

bool HttpResponseReader::take_status_line() {
  // "HTTP/1.1 200 OK"
  const std::string_view line = line_;
  if (line.size() < 12 || !line.starts_with("HTTP/1.") || line[8] != ' ') {
    error_ = "not an HTTP/1.x status line: '" + line_.substr(0, 40) + "'";
    return false;
  }
  int status = 0;
  const auto [end, ec] = std::from_chars(line.data() + 9, line.data() + 12, status);
  if (ec != std::errc() || end != line.data() + 12 || status < 100) {
    error_ = "bad status code in '" + line_.substr(0, 40) + "'";
    return false;
  }
  response_ = Response{};
  response_.status = status;
  have_length_ = false;
  state_ = State::header_line;
  return true;
}

bool HttpResponseReader::take_header_line() {
  const std::string_view line = line_;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    error_ = "malformed header field '" + line_.substr(0, 40) + "'";
    return false;
  }
  const std::string_view name = line.substr(0, colon);
  const std::string_view value = trim(line.substr(colon + 1));
  if (iequals(name, "content-length")) {
    std::uint64_t length = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), length);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty()) {
      error_ = "bad Content-Length '" + std::string(value.substr(0, 40)) + "'";
      return false;
    }
    have_length_ = true;
    body_left_ = length;
  } else if (iequals(name, "transfer-encoding")) {
    error_ = "Transfer-Encoding in a response (the rr protocol uses Content-Length)";
    return false;
  } else if (iequals(name, "connection")) {
    response_.close = response_.close || has_close_token(value);
  }
  return true;
}

bool HttpResponseReader::end_of_line() {
  if (!line_.empty() && line_.back() == '\r') line_.pop_back();
  bool ok = true;
  if (state_ == State::status_line) {
    if (!line_.empty()) ok = take_status_line();  // empty lines before a response: skipped
  } else if (line_.empty()) {                     // the end of the head
    if (!have_length_) {
      error_ = "a response without Content-Length";
      return false;
    }
    response_.body_ok = body_left_ == expected_body_;
    body_offset_ = 0;
    state_ = State::body;
  } else {
    ok = take_header_line();
  }
  line_.clear();
  return ok;
}

HttpResponseReader::Result HttpResponseReader::feed(const char* data, std::size_t len,
                                                    std::size_t& consumed) {
  consumed = 0;
  while (consumed < len) {
    if (state_ == State::body) {
      const std::size_t take =
          static_cast<std::size_t>(std::min<std::uint64_t>(body_left_, len - consumed));
      for (std::size_t i = 0; i < take && response_.body_ok; ++i)
        response_.body_ok = data[consumed + i] == rb_http_body_byte(body_offset_ + i);
      consumed += take;
      body_offset_ += take;
      body_left_ -= take;
    } else {
      const char* start = data + consumed;
      const char* newline = static_cast<const char*>(std::memchr(start, '\n', len - consumed));
      const std::size_t take = newline ? static_cast<std::size_t>(newline - start) : len - consumed;
      line_.append(start, take);
      head_bytes_ += take + (newline ? 1 : 0);
      consumed += take + (newline ? 1 : 0);
      if (head_bytes_ > kMaxHead) return fail("a response head longer than 16 KiB");
      if (!newline) return Result::need_more;
      if (!end_of_line()) return Result::malformed;
    }
    if (state_ == State::body && body_left_ == 0) {
      state_ = State::status_line;
      head_bytes_ = 0;
      return Result::response;
    }
  }
  return Result::need_more;
}

}  // namespace rb::loadgen
