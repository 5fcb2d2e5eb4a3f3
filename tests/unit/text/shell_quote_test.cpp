// Quoting for a shell the runner does not control (issue 31, item 10): each word of the
// table comes back from a real /bin/sh exactly as it went in, one argument, nothing run.
#include "text/shell_quote.h"

#include <gtest/gtest.h>
#include <stdio.h>

#include <string>

namespace rb::text {
namespace {

struct Case {
  std::string word;
  std::string quoted;
};

const Case kCases[] = {
    {"/opt/reactorbench/bin/runner", "/opt/reactorbench/bin/runner"},
    {"--job-stdin", "--job-stdin"},
    {"a=b,c:d@e%f+g", "a=b,c:d@e%f+g"},
    {"", "''"},
    {"/opt/my runner", "'/opt/my runner'"},
    {"/tmp/x;touch /tmp/pwned", "'/tmp/x;touch /tmp/pwned'"},
    {"it's", "'it'\\''s'"},
    {"'", "''\\'''"},
    {"$HOME", "'$HOME'"},
    {"`id`", "'`id`'"},
    {"$(id)", "'$(id)'"},
    {"a\nb", "'a\nb'"},
    {"*", "'*'"},
    {"~root", "'~root'"},
    {"#x", "'#x'"},
    {"back\\slash", "'back\\slash'"},
    {"dq\"uote", "'dq\"uote'"},
    {"a|b&c>d<e", "'a|b&c>d<e'"},
};

TEST(ShellQuote, QuotesOnlyWhatAShellWouldRead) {
  for (const Case& c : kCases) EXPECT_EQ(shell_quote(c.word), c.quoted) << c.word;
}

// The shell prints its one argument back between markers: the word, whole and as it was.
TEST(ShellQuote, AShellReadsEveryWordBackAsItWas) {
  for (const Case& c : kCases) {
    const std::string command = "printf '[%s]' " + shell_quote(c.word) + " 2>&1";
    FILE* shell = ::popen(command.c_str(), "r");
    ASSERT_NE(shell, nullptr);
    std::string out;
    char buffer[256];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, shell)) > 0;)
      out.append(buffer, n);
    EXPECT_EQ(::pclose(shell), 0) << c.word;
    EXPECT_EQ(out, "[" + c.word + "]") << command;
  }
}

}  // namespace
}  // namespace rb::text
