// option_table: one declared table parses prepare's options (defaults, types, ranges,
// workloads) and says what is wrong, naming the option.
#include "option_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../support/int_option_grammar.h"

namespace {

enum { kBackend, kChangelist, kReadSize, kLabel, kCount };

const rb_option_decl kDecls[kCount] = {
    {sizeof(rb_option_decl), RB_OPTION_ENUM, "backend", "epoll|poll|select", "epoll", "loop",
     nullptr},
    {sizeof(rb_option_decl), RB_OPTION_BOOL, "changelist", nullptr, "off", "flag", nullptr},
    {sizeof(rb_option_decl), RB_OPTION_INT, "read_size", "1..65536", "4096", "bytes",
     "pingpong_server,rr_server"},
    {sizeof(rb_option_decl), RB_OPTION_STRING, "label", nullptr, nullptr, "text", nullptr},
};

struct Parsed {
  int rc = RB_OK;
  std::string error;
  rb_option_value values[kCount] = {};
};

Parsed Parse(const std::vector<rb_option>& options, const char* workload = "pingpong_server",
             const rb_option_decl* decls = kDecls, uint32_t count = kCount) {
  Parsed parsed;
  char err[512] = "";
  parsed.rc =
      option_table_parse(decls, count, workload, options.data(),
                         static_cast<uint32_t>(options.size()), parsed.values, err, sizeof err);
  parsed.error = err;
  return parsed;
}

TEST(OptionTable, NoOptionsGiveTheDeclaredDefaults) {
  const Parsed parsed = Parse({});
  ASSERT_EQ(parsed.rc, RB_OK) << parsed.error;
  EXPECT_EQ(parsed.values[kBackend].number, 0);
  EXPECT_STREQ(parsed.values[kBackend].text, "epoll");
  EXPECT_EQ(parsed.values[kChangelist].number, 0);
  EXPECT_EQ(parsed.values[kReadSize].number, 4096);
  EXPECT_EQ(parsed.values[kLabel].text, nullptr);
  for (const rb_option_value& value : parsed.values) EXPECT_EQ(value.given, 0);
}

TEST(OptionTable, GivenValuesAreTyped) {
  const Parsed parsed = Parse(
      {{"backend", "select"}, {"changelist", "true"}, {"read_size", "65536"}, {"label", "x y"}});
  ASSERT_EQ(parsed.rc, RB_OK) << parsed.error;
  EXPECT_EQ(parsed.values[kBackend].number, 2);
  EXPECT_EQ(parsed.values[kChangelist].number, 1);
  EXPECT_EQ(parsed.values[kReadSize].number, 65536);
  EXPECT_STREQ(parsed.values[kLabel].text, "x y");
  for (const rb_option_value& value : parsed.values) EXPECT_EQ(value.given, 1);
}

TEST(OptionTable, AnUnknownNameListsWhatThisWorkloadKnows) {
  const Parsed parsed = Parse({{"backends", "poll"}}, "flower");
  EXPECT_EQ(parsed.rc, RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parsed.error,
            "unknown option 'backends' for the flower workload (known: backend, changelist, "
            "label)");
}

TEST(OptionTable, ATableWithoutWorkloadsDoesNotNameOne) {
  const Parsed parsed = Parse({{"backends", "poll"}}, "flower", kDecls, 1);
  EXPECT_EQ(parsed.error, "unknown option 'backends' (known: backend)");
  EXPECT_EQ(Parse({{"x", "1"}}, "flower", kDecls, 0).error, "unknown option 'x' (known: none)");
}

TEST(OptionTable, AnOptionOfAnotherWorkloadIsUnknownHereAndSaysWhereItBelongs) {
  const Parsed parsed = Parse({{"read_size", "4096"}}, "notify");
  EXPECT_EQ(parsed.rc, RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parsed.error,
            "unknown option 'read_size' for the notify workload (known: backend, changelist, "
            "label; 'read_size' applies to pingpong_server,rr_server)");
  EXPECT_EQ(Parse({{"read_size", "4096"}}, "rr_server").rc, RB_OK);
  EXPECT_EQ(Parse({{"read_size", "4096"}}, nullptr).rc, RB_OK);
}

TEST(OptionTable, AnEnumValueOutsideTheListNamesTheChoices) {
  EXPECT_EQ(Parse({{"backend", "kqueue"}}).error,
            "option 'backend': unknown backend 'kqueue' (known: epoll, poll, select)");
  EXPECT_EQ(Parse({{"backend", "epol"}}).rc, RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(Parse({{"backend", ""}}).rc, RB_ERR_INVALID_ARGUMENT);
}

TEST(OptionTable, ABoolIsOnOffTrueOrFalse) {
  EXPECT_EQ(Parse({{"changelist", "on"}}).values[kChangelist].number, 1);
  EXPECT_EQ(Parse({{"changelist", "false"}}).values[kChangelist].number, 0);
  EXPECT_EQ(Parse({{"changelist", "yes"}}).error,
            "option 'changelist': expected on or off, got 'yes'");
}

TEST(OptionTable, AnIntegerIsDigitsOnlyAndWithinItsRange) {
  for (const char* bad :
       {"", " 12", "+12", "12abc", "1.5", "0", "65537", "-1", "99999999999999999999999"}) {
    const Parsed parsed = Parse({{"read_size", bad}});
    EXPECT_EQ(parsed.rc, RB_ERR_INVALID_ARGUMENT) << bad;
    EXPECT_EQ(parsed.error, std::string("option 'read_size': expected an integer from 1 to "
                                        "65536, got '") +
                                bad + "'");
  }
  EXPECT_EQ(Parse({{"read_size", "1"}}).values[kReadSize].number, 1);
}

TEST(OptionTable, AnUnboundedIntegerMayBeNegative) {
  const rb_option_decl offset = {
      sizeof(rb_option_decl), RB_OPTION_INT, "offset", nullptr, "0", "signed", nullptr};
  EXPECT_EQ(Parse({{"offset", "-7"}}, nullptr, &offset, 1).values[0].number, -7);
  EXPECT_EQ(Parse({{"offset", "7x"}}, nullptr, &offset, 1).error,
            "option 'offset': expected an integer, got '7x'");
}

TEST(OptionTable, MalformedCallsAreRefused) {
  EXPECT_EQ(Parse({{"backend", "poll"}, {"backend", "poll"}}).error,
            "option 'backend' given twice");
  EXPECT_EQ(Parse({{"backend", nullptr}}).error, "option 0 has no key or no value");
  rb_option_value values[kCount];
  char err[128] = "";
  EXPECT_EQ(option_table_parse(kDecls, kCount, nullptr, nullptr, 2, values, err, sizeof err),
            RB_ERR_INVALID_ARGUMENT);
  EXPECT_STREQ(err, "2 options announced but none given");
}

TEST(OptionTable, EnumIndexFindsWholeChoicesOnly) {
  EXPECT_EQ(option_table_enum_index("a|bb|c", "bb"), 1);
  EXPECT_EQ(option_table_enum_index("a|bb|c", "b"), -1);
  EXPECT_EQ(option_table_enum_index("a|bb|c", "c"), 2);
  EXPECT_EQ(option_table_enum_index(nullptr, "a"), -1);
}

// The plugins' parse of an INT value on the table the host's config check is tested on too
// (tests/unit/config/declared_options_test.cpp): what one accepts the other does.
TEST(OptionTable, AnIntIsParsedOnTheTableTheHostChecksItOn) {
  const rb_option_decl decls[1] = {
      {sizeof(rb_option_decl), RB_OPTION_INT, "n", nullptr, nullptr, "any", nullptr}};
  for (const auto& c : rbtest::int_option_cases()) {
    const Parsed parsed = Parse({{"n", c.text}}, nullptr, decls, 1);
    if (c.accepted) {
      EXPECT_EQ(parsed.rc, RB_OK) << "'" << c.text << "': " << parsed.error;
      EXPECT_EQ(parsed.values[0].number, c.value) << "'" << c.text << "'";
    } else {
      EXPECT_EQ(parsed.rc, RB_ERR_INVALID_ARGUMENT) << "'" << c.text << "'";
      EXPECT_EQ(parsed.error, "option 'n': expected an integer, got '" + std::string(c.text) + "'");
    }
  }
}

// A range is read as the host reads it: "+1..5" is no range, so the value is unbounded.
TEST(OptionTable, ARangeIsReadWithTheSameGrammar) {
  const rb_option_decl decls[1] = {
      {sizeof(rb_option_decl), RB_OPTION_INT, "n", "1..5x", nullptr, "any", nullptr}};
  EXPECT_EQ(Parse({{"n", "9"}}, nullptr, decls, 1).rc, RB_OK);
}

}  // namespace
