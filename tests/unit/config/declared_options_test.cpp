// ABI 1.3: a config's plugin options against the options a plugin declares. An unknown key, a
// malformed or disallowed value and an option of another workload are refused at load time,
// at the key or the value, with a suggestion; a plugin that declares nothing is not checked.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "../../support/int_option_grammar.h"
#include "config_test_support.h"
#include "model/declared_option.h"
#include "text/printable.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::FakeLookup;
using Type = rb::DeclaredOption::Type;

std::vector<rb::DeclaredOption> libevent2_options() {
  return {
      {"backend", Type::choice, "select|poll|epoll", "epoll", "the event_base's method"},
      {"batch", Type::integer, "1..64", "8", "reads per wake-up"},
      {"trace", Type::boolean, "", "off", "log every read"},
      {"label", Type::string, "", std::nullopt, "free text"},
      {"wakeup", Type::choice, "pipe|eventfd", "pipe", "notify's wake-up", {"notify"}},
      {"server_only", Type::boolean, "", std::nullopt, "", {"pingpong_server"}},
  };
}

// FakeLookup, with libevent2 declaring options and offering pingpong too; raw-epoll declares
// nothing.
class DeclaringLookup : public FakeLookup {
 public:
  bool supports(std::string_view plugin, std::string_view workload) const override {
    return FakeLookup::supports(plugin, workload) || (has_plugin(plugin) && workload == "pingpong");
  }
  std::vector<rb::DeclaredOption> declared_options(std::string_view plugin) const override {
    return plugin == "libevent2" ? libevent2_options() : std::vector<rb::DeclaredOption>{};
  }
  PluginFile probe_file(const std::filesystem::path& file) const override {
    return {"libevent2",
            {"flower"},
            file.stem() == "old" ? std::vector<rb::DeclaredOption>{} : libevent2_options()};
  }
};

// Lines added start at line 6.
std::string flower_with(const std::string& lines) {
  return "workload = \"flower\"\nplugins = [\"libevent2\", \"raw-epoll\"]\n[matrix]\n"
         "pipes = [100]\nactive = [10]\n" +
         lines;
}

std::string checked(const std::string& config) {
  const DeclaringLookup catalog;
  return error_of(config, {}, &catalog);
}

// Each {[plugin_options.libevent2] lines, the load error without "t.toml:"}: the config is
// flower_with those lines, so the table's first key is on line 7.
void expect_libevent2_errors(const std::vector<std::pair<std::string, std::string>>& cases) {
  for (const auto& [lines, error] : cases) {
    const std::string got = checked(flower_with("[plugin_options.libevent2]\n" + lines));
    EXPECT_EQ(got, error == "no error" ? error : "t.toml:" + error) << lines;
  }
}

TEST(DeclaredOptions, DeclaredOptionsWithGoodValuesPass) {
  expect_libevent2_errors(
      {{"backend = \"poll\"\nbatch = 64\ntrace = true\nlabel = \"x\"\n", "no error"}});
}

TEST(DeclaredOptions, AnUnknownOptionIsRefusedAtItsKeyWithASuggestion) {
  expect_libevent2_errors({
      {"backend = \"poll\"\nbacth = 4\n",
       "8:1: plugin 'libevent2' has no option 'bacth'; did you mean 'batch'?"},
      {"zzzzzzz = 4\n",
       "7:1: plugin 'libevent2' has no option 'zzzzzzz'; expected one of: "
       "backend, batch, trace, label, wakeup, server_only"},
  });
}

TEST(DeclaredOptions, AMalformedValueIsRefusedAtTheValue) {
  expect_libevent2_errors({
      {"batch = \"many\"\n",
       "7:9: plugin 'libevent2' option 'batch': expected an integer, got 'many'"},
      {"trace = \"yes\"\n",
       "7:9: plugin 'libevent2' option 'trace': expected on or off, got 'yes'"},
  });
}

TEST(DeclaredOptions, ADisallowedValueIsRefusedWithTheNearestChoice) {
  expect_libevent2_errors({
      {"batch = 65\n", "7:9: plugin 'libevent2' option 'batch': 65 is outside 1..64"},
      {"backend = \"epol\"\n",
       "7:11: plugin 'libevent2' option 'backend': unknown value 'epol' "
       "(known: select|poll|epoll); did you mean 'epoll'?"},
      {"backend = \"kqueue\"\n",
       "7:11: plugin 'libevent2' option 'backend': unknown value "
       "'kqueue' (known: select|poll|epoll)"},
  });
}

TEST(DeclaredOptions, AnOptionOfAnotherWorkloadIsRefused) {
  expect_libevent2_errors({{"wakeup = \"pipe\"\n",
                            "7:1: plugin 'libevent2' option 'wakeup' applies to notify, not to "
                            "flower"}});
}

TEST(DeclaredOptions, PingpongChecksTheRolesThePluginPlays) {
  const std::string config =
      "workload = \"pingpong\"\n[matrix]\nserver = [\"libevent2\"]\nclient = [\"raw-epoll\"]\n"
      "block_size = [16]\nsessions = [1]\n[plugin_options.libevent2]\nserver_only = true\n";
  EXPECT_EQ(checked(config), "no error");
  const std::string both =
      "workload = \"pingpong\"\nplugins = [\"libevent2\"]\n[matrix]\nblock_size = [16]\n"
      "sessions = [1]\n[plugin_options.libevent2]\nserver_only = true\n";
  EXPECT_EQ(checked(both),
            "t.toml:7:1: plugin 'libevent2' option 'server_only' applies to pingpong_server, not "
            "to pingpong_client");
}

TEST(DeclaredOptions, APluginThatDeclaresNothingIsLeftToItsPrepare) {
  EXPECT_EQ(checked(flower_with("[plugin_options.raw-epoll]\nanything = \"goes\"\n")), "no error");
}

TEST(DeclaredOptions, WithoutACatalogNothingIsChecked) {
  EXPECT_EQ(error_of(flower_with("[plugin_options.libevent2]\nbacth = 4\n")), "no error");
}

TEST(DeclaredOptions, AVariantsOwnOptionsAreCheckedAgainstItsBase) {
  const std::string config =
      "workload = \"flower\"\nplugins = [\"lev-poll\"]\n[matrix]\n"
      "pipes = [100]\nactive = [10]\n[variants.lev-poll]\n"
      "plugin = \"libevent2\"\nbackend = \"pol\"\n";
  EXPECT_EQ(checked(config),
            "t.toml:8:11: plugin 'libevent2' (of variant 'lev-poll') option 'backend': unknown "
            "value 'pol' (known: select|poll|epoll); did you mean 'poll'?");
}

TEST(DeclaredOptions, AVariantByPathIsCheckedAgainstItsFilesDeclarations) {
  const std::string config =
      "workload = \"flower\"\nplugins = [\"lev-old\"]\n[matrix]\n"
      "pipes = [100]\nactive = [10]\n[variants.lev-old]\n"
      "path = \"old.so\"\nbacth = 1\n";
  EXPECT_EQ(checked(config), "no error");  // old.so declares nothing
  std::string renamed = config;
  renamed.replace(renamed.find("old.so"), 6, "new.so");
  EXPECT_NE(checked(renamed).find("t.toml:8:1: plugin 'libevent2' at "), std::string::npos);
  EXPECT_NE(checked(renamed).find("has no option 'bacth'; did you mean 'batch'?"),
            std::string::npos);
}

TEST(DeclaredOptionValues, AreCheckedAsThePluginsParseThem) {
  const auto options = libevent2_options();
  EXPECT_EQ(value_problem(options[1], "8"), std::nullopt);
  EXPECT_EQ(value_problem(options[1], "0"), "0 is outside 1..64");
  EXPECT_EQ(value_problem(options[1], "8x"), "expected an integer, got '8x'");
  EXPECT_EQ(value_problem(options[1], ""), "expected an integer, got ''");
  EXPECT_EQ(value_problem(options[2], "false"), std::nullopt);
  EXPECT_EQ(value_problem(options[2], "1"), "expected on or off, got '1'");
  EXPECT_EQ(value_problem(options[3], "anything"), std::nullopt);
  EXPECT_EQ(choices_of(options[0]), (std::vector<std::string>{"select", "poll", "epoll"}));
  EXPECT_EQ(integer_range("-5..5"), (std::pair<std::int64_t, std::int64_t>{-5, 5}));
  EXPECT_EQ(integer_range("5..1"), std::nullopt);
  EXPECT_EQ(integer_range("1-5"), std::nullopt);
}

// The host's check of an INT value on the table the plugins' parser is tested on too
// (tests/unit/plugin_common/option_table_test.cpp).
TEST(DeclaredOptionValues, AnIntIsReadOnTheTableThePluginsParseItOn) {
  const rb::DeclaredOption unbounded{"n", Type::integer, "", std::nullopt, ""};
  for (const auto& c : rbtest::int_option_cases()) {
    const auto problem = value_problem(unbounded, c.text);
    if (c.accepted)
      EXPECT_EQ(problem, std::nullopt) << "'" << c.text << "'";
    else
      EXPECT_EQ(problem, "expected an integer, got '" + rb::text::printable(c.text) + "'");
  }
  EXPECT_EQ(integer_range("-9223372036854775808..9223372036854775807"),
            (std::pair<std::int64_t, std::int64_t>{INT64_MIN, INT64_MAX}));
  EXPECT_EQ(integer_range("+1..5"), std::nullopt);
  EXPECT_EQ(integer_range(" 1..5"), std::nullopt);
  EXPECT_EQ(integer_range("1..5 "), std::nullopt);
  EXPECT_EQ(integer_range("1...5"), std::nullopt);
}

// A value the plugin would refuse at prepare is refused as the config loads, at the value.
TEST(DeclaredOptions, AnIntThePluginWouldRefuseIsRefusedAtItsValue) {
  expect_libevent2_errors({
      {"batch = \"+64\"\n",
       "7:9: plugin 'libevent2' option 'batch': expected an integer, got '+64'"},
      {"batch = \" 64\"\n",
       "7:9: plugin 'libevent2' option 'batch': expected an integer, got ' 64'"},
      {"batch = \"64 \"\n",
       "7:9: plugin 'libevent2' option 'batch': expected an integer, got '64 '"},
      {"batch = \"0x40\"\n",
       "7:9: plugin 'libevent2' option 'batch': expected an integer, got '0x40'"},
      {"batch = \"64\"\n", "no error"},
  });
}

// Issue 31: a 5 MB value was echoed whole; the error shows its start and its length.
TEST(DeclaredOptionValues, ALongValueIsEchoedShortWithItsLength) {
  const auto options = libevent2_options();
  EXPECT_EQ(value_problem(options[1], std::string(5 << 20, '9') + "x"),
            "expected an integer, got '" + std::string(64, '9') + "... (5242881 bytes)'");
  EXPECT_EQ(
      value_problem(options[0], std::string(100, 'e')),
      "unknown value '" + std::string(64, 'e') + "... (100 bytes)' (known: select|poll|epoll)");
}

}  // namespace
}  // namespace rb::config
