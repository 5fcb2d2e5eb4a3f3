#include "http_client.h"

#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace rb_test {

namespace {

constexpr int kReceiveTimeoutSeconds = 20;

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string Trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// Parses the status line and fields of head (which ends with its empty line).
void ParseHead(const std::string& head, HttpResponse* response) {
  std::size_t line_start = 0;
  std::size_t line_end = head.find("\r\n");
  response->status_line = head.substr(0, line_end);
  if (response->status_line.size() < 12 || response->status_line.compare(0, 7, "HTTP/1.") != 0)
    throw std::runtime_error("not an HTTP/1.x status line: '" + response->status_line + "'");
  response->status = std::stoi(response->status_line.substr(9, 3));
  for (line_start = line_end + 2; (line_end = head.find("\r\n", line_start)) != line_start;
       line_start = line_end + 2) {
    const std::string line = head.substr(line_start, line_end - line_start);
    const auto colon = line.find(':');
    if (colon == std::string::npos) throw std::runtime_error("field without colon: " + line);
    response->fields[Lower(line.substr(0, colon))] = Trim(line.substr(colon + 1));
  }
}

}  // namespace

HttpClient::HttpClient(uint16_t port)
    : fd_(rbtest::connect_loopback(port, kReceiveTimeoutSeconds)) {
  const int one = 1;
  ::setsockopt(fd_.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

void HttpClient::Send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t sent = ::send(fd_.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) throw std::runtime_error(std::string("send: ") + std::strerror(errno));
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

bool HttpClient::ReadSome() {
  char chunk[16384];
  for (;;) {
    const ssize_t n = ::recv(fd_.get(), chunk, sizeof chunk, 0);
    if (n > 0) {
      pending_.append(chunk, static_cast<std::size_t>(n));
      return true;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      throw std::runtime_error("no answer from the server within the receive timeout (" +
                               std::to_string(pending_.size()) + " bytes pending)");
    throw std::runtime_error(std::string("recv: ") + std::strerror(errno));
  }
}

HttpResponse HttpClient::ReadResponse() {
  std::size_t head_end;
  while ((head_end = pending_.find("\r\n\r\n")) == std::string::npos) {
    if (!ReadSome())
      throw std::runtime_error("the server closed before a whole response head; got '" + pending_ +
                               "'");
  }
  HttpResponse response;
  const std::string head = pending_.substr(0, head_end + 4);
  ParseHead(head, &response);
  const auto length = response.fields.find("content-length");
  std::size_t body_size = 0;
  if (length != response.fields.end()) {
    body_size = std::stoul(length->second);
    while (pending_.size() < head.size() + body_size) {
      if (!ReadSome()) throw std::runtime_error("the server closed inside a response body");
    }
  } else {
    while (ReadSome()) {
    }
    body_size = pending_.size() - head.size();
  }
  response.body = pending_.substr(head.size(), body_size);
  response.raw = pending_.substr(0, head.size() + body_size);
  pending_.erase(0, response.raw.size());
  return response;
}

std::string HttpClient::ReadUntilEof() {
  while (ReadSome()) {
  }
  std::string rest;
  rest.swap(pending_);
  return rest;
}

void HttpClient::ReadSomeResponseBytes() {
  if (pending_.empty() && !ReadSome())
    throw std::runtime_error("the server closed instead of answering");
}

}  // namespace rb_test
