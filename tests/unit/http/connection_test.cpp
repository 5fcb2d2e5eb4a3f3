// Keep-alive decisions: the version's default and the Connection token list.
#include <gtest/gtest.h>

#include <string>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

bool keep_alive_of(const std::string& version, const std::string& fields) {
  const std::string request = "GET / " + version + "\r\nHost: a\r\n" + fields + "\r\n";
  const ParseEvent event = parse_one(request);
  EXPECT_EQ(event.result, RB_HTTP_REQUEST) << request;
  EXPECT_EQ(event.end, request.size()) << request;
  return event.keep_alive;
}

TEST(HttpConnection, Http11StaysOpenUnlessClose) {
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", ""));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: keep-alive\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: Upgrade\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: close\r\n"));
}

TEST(HttpConnection, Http10ClosesUnlessKeepAlive) {
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", ""));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: close\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: Upgrade\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "Connection: keep-alive\r\n"));
}

TEST(HttpConnection, NamesAndTokensAreCaseInsensitive) {
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: Close\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "CONNECTION: CLOSE\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "connection: cLoSe\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "CONNECTION: KEEP-ALIVE\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "connection: Keep-Alive\r\n"));
}

TEST(HttpConnection, TokenListsAreSplitOnCommasAndTrimmed) {
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: Upgrade, close\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: foo ,\tclose\t, bar\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: ,,close,,\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "Connection: TE, keep-alive\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "Connection:keep-alive,TE\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "Connection:   keep-alive   \r\n"));
}

TEST(HttpConnection, CloseWinsOverKeepAlive) {
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: keep-alive, close\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: close, keep-alive\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: close\r\nConnection: keep-alive\r\n"));
}

TEST(HttpConnection, SeveralConnectionFieldsAddUp) {
  EXPECT_TRUE(keep_alive_of("HTTP/1.0", "Connection: TE\r\nConnection: keep-alive\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.1", "Connection: TE\r\nAccept: */*\r\nConnection: close\r\n"));
}

TEST(HttpConnection, OnlyWholeTokensCount) {
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: closed\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: clo se\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: xclose\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: \"close\"\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connection: close" + std::string(100, 'x') + "\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: keepalive\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: keep-alive-ish\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection: keep alive\r\n"));
  EXPECT_FALSE(keep_alive_of("HTTP/1.0", "Connection:\r\n"));
}

TEST(HttpConnection, ConnectionInsideAnotherValueIsIgnored) {
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "X-Connection: close\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Connections: close\r\n"));
  EXPECT_TRUE(keep_alive_of("HTTP/1.1", "Accept: close\r\n"));
}

}  // namespace
}  // namespace rb::http_test
