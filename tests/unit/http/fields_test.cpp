// Header fields: Host, bodies, and the malformed lines that make a request bad.
#include <gtest/gtest.h>

#include <string>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

TEST(HttpFields, Http11NeedsExactlyOneHost) {
  const std::string none = "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n";
  EXPECT_EQ(parse_one(none), bad_at(none.size() - 1));  // known only at the empty line
  const std::string two = "GET / HTTP/1.1\r\nHost: a\r\nAccept: */*\r\nhost: b\r\n\r\n";
  EXPECT_EQ(parse_one(two), bad_at(offset_of(two, "host:") + 4));  // the second colon
  const std::string lower = "GET / HTTP/1.1\r\nhOsT: a\r\n\r\n";
  EXPECT_EQ(parse_one(lower), whole_request(lower, true));
  const std::string empty = "GET / HTTP/1.1\r\nHost:\r\n\r\n";
  EXPECT_EQ(parse_one(empty), whole_request(empty, true));
}

TEST(HttpFields, Http10HostIsNotChecked) {
  const std::string two = "GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n";
  EXPECT_EQ(parse_one(two), whole_request(two, false));
}

TEST(HttpFields, ContentLengthZeroIsNoBody) {
  for (const std::string value : {"0", "00", " 0 ", "\t0", "0\t"}) {
    const std::string request = "GET / HTTP/1.1\r\nHost: a\r\nContent-Length:" + value + "\r\n\r\n";
    EXPECT_EQ(parse_one(request), whole_request(request, true)) << request;
  }
}

TEST(HttpFields, AnyOtherContentLengthIsBad) {
  const std::string prefix = "GET / HTTP/1.1\r\nHost: a\r\nContent-Length:";
  struct Case {
    std::string value;
    std::size_t bad;  // offset in the value
  };
  const Case cases[] = {{" 5", 1},  {" 05", 2},  {" 10", 1},  {" 0 0", 3}, {" -0", 1},
                        {" +0", 1}, {" 0x0", 2}, {" 0,0", 2}, {"", 0},     {"  ", 2}};
  for (const Case& c : cases) {
    const std::string request = prefix + c.value + "\r\n\r\n";
    // An empty value is bad at the LF that ends it (the CR before it was fine).
    const std::size_t lf_shift = c.value.find_first_not_of(' ') == std::string::npos ? 1 : 0;
    EXPECT_EQ(parse_one(request), bad_at(prefix.size() + c.bad + lf_shift)) << request;
  }
  const std::string post = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello";
  EXPECT_EQ(parse_one(post), bad_at(0));
}

TEST(HttpFields, TransferEncodingIsBadAtItsColon) {
  for (const std::string name : {"Transfer-Encoding", "transfer-encoding", "TRANSFER-ENCODING"}) {
    const std::string request = "GET / HTTP/1.1\r\nHost: a\r\n" + name + ": chunked\r\n\r\n";
    EXPECT_EQ(parse_one(request), bad_at(offset_of(request, ": chunked"))) << request;
  }
  const std::string empty = "GET / HTTP/1.0\r\nTransfer-Encoding:\r\n\r\n";
  EXPECT_EQ(parse_one(empty), bad_at(offset_of(empty, ":")));
}

TEST(HttpFields, WhitespaceBeforeTheColonIsBad) {
  const std::string space = "GET / HTTP/1.1\r\nHost : a\r\n\r\n";
  EXPECT_EQ(parse_one(space), bad_at(offset_of(space, " :")));
  const std::string tab = "GET / HTTP/1.1\r\nHost: a\r\nAccept\t: */*\r\n\r\n";
  EXPECT_EQ(parse_one(tab), bad_at(offset_of(tab, "\t:")));
}

TEST(HttpFields, ObsoleteLineFoldingIsBad) {
  const std::string fold = "GET / HTTP/1.1\r\nHost: a\r\nAccept: text/plain,\r\n */*\r\n\r\n";
  EXPECT_EQ(parse_one(fold), bad_at(offset_of(fold, " */*")));
  const std::string tab_fold = "GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n\t2\r\n\r\n";
  EXPECT_EQ(parse_one(tab_fold), bad_at(offset_of(tab_fold, "\t2")));
  const std::string first = "GET / HTTP/1.1\r\n Host: a\r\n\r\n";
  EXPECT_EQ(parse_one(first), bad_at(offset_of(first, " Host")));
}

TEST(HttpFields, MalformedFieldLinesAreBad) {
  const std::string no_colon = "GET / HTTP/1.1\r\nHost\r\n\r\n";
  EXPECT_EQ(parse_one(no_colon), bad_at(offset_of(no_colon, "\r\n\r\n")));
  const std::string no_name = "GET / HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n";
  EXPECT_EQ(parse_one(no_name), bad_at(offset_of(no_name, ": b")));
  const std::string separator = "GET / HTTP/1.1\r\nHost: a\r\nX(y): b\r\n\r\n";
  EXPECT_EQ(parse_one(separator), bad_at(offset_of(separator, "(")));
  const std::string utf8_name = "GET / HTTP/1.1\r\nHost: a\r\nX\xc3\xa9: b\r\n\r\n";
  EXPECT_EQ(parse_one(utf8_name), bad_at(offset_of(utf8_name, "\xc3")));
}

TEST(HttpFields, ValuesMayHoldTabsAndObsText) {
  const std::string request =
      "GET / HTTP/1.1\r\nHost: a\r\nX-Tab: a\tb\r\nX-Latin: caf\xe9\r\nX-Utf8: "
      "\xc3\xa9t\xc3\xa9\r\n"
      "X-Empty:\r\nX-Punct: !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\r\n\r\n";
  EXPECT_EQ(parse_one(request), whole_request(request, true));
}

TEST(HttpFields, ControlCharactersInValuesAreBad) {
  for (const char control : {'\x01', '\x08', '\x0b', '\x0c', '\x1b', '\x1f', '\x7f'}) {
    const std::string request = std::string("GET / HTTP/1.1\r\nHost: a") + control + "b\r\n\r\n";
    EXPECT_EQ(parse_one(request), bad_at(23)) << int{control};
  }
}

TEST(HttpFields, NulIsBadAnywhere) {
  const std::string base = "GET / HTTP/1.1\r\nHost: a\r\nX-Y: z\r\n\r\n";
  for (std::size_t at = 0; at + 1 < base.size(); ++at) {
    std::string request = base;
    request.insert(at, 1, '\0');
    EXPECT_EQ(parse_one(request), bad_at(at)) << "NUL at " << at;
  }
}

TEST(HttpFields, LongNamesAndValuesAreFine) {
  const std::string request = "GET / HTTP/1.1\r\nHost: a\r\n" + std::string(200, 'N') + ": " +
                              std::string(3000, 'v') + "\r\nHost" + std::string(70, 'x') +
                              ": b\r\n\r\n";
  EXPECT_EQ(parse_one(request), whole_request(request, true));
}

}  // namespace
}  // namespace rb::http_test
