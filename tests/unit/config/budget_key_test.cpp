// [run] budget and --budget (issue 30, part 4): a duration or whole seconds, 0 for none; the
// comparisons a budget serves; what --dry-run says of it.
#include <gtest/gtest.h>

#include "config/budget_key.h"
#include "config/run_comparisons.h"
#include "config/test_plan.h"
#include "config_test_support.h"

namespace rb::config {
namespace {

using namespace std::chrono_literals;
using testing::error_of;

// The minimal config's two plugins with a [run] section; `run` is its body (line 7 on).
std::string with_run(const std::string& run) {
  return std::string(testing::minimal_config) + "[run]\n" + run;
}

TEST(BudgetKey, ADurationOrWholeSecondsOrZeroForNone) {
  EXPECT_EQ(parse_plan(with_run("budget = \"10m\"\n"), "t.toml", nullptr, {}).run.budget, 10min);
  EXPECT_EQ(parse_plan(with_run("budget = 90\n"), "t.toml", nullptr, {}).run.budget, 90s);
  EXPECT_EQ(parse_plan(with_run("budget = 0\n"), "t.toml", nullptr, {}).run.budget, 0s);
  EXPECT_EQ(parse_plan(testing::minimal_config, "t.toml", nullptr, {}).run.budget, 0s);
}

TEST(BudgetKey, ErrorsNameThePlaceAndWhatIsExpected) {
  EXPECT_EQ(error_of(with_run("budget = \"ten minutes\"\n")).substr(0, 35),
            "t.toml:7:10: budget 'ten minutes': ");
  EXPECT_EQ(error_of(with_run("budget = -5\n")), "t.toml:7:10: budget must be at least 0, got -5");
  EXPECT_EQ(error_of(with_run("budget = 1.5\n")),
            "t.toml:7:10: budget: expected a duration such as \"10m\" or \"90s\", or an integer "
            "number of seconds (0: none), got a float (1.5)");
}

TEST(BudgetKey, TheCommandLineHasTheLastWord) {
  Overrides overrides;
  overrides.budget = "2m";
  EXPECT_EQ(parse_plan(with_run("budget = \"10m\"\n"), "t.toml", nullptr, overrides).run.budget,
            2min);
  overrides.budget = "0";
  EXPECT_EQ(parse_plan(with_run("budget = \"10m\"\n"), "t.toml", nullptr, overrides).run.budget,
            0s);
  overrides.budget = "soon";
  EXPECT_EQ(error_of(with_run(""), overrides).substr(0, 19), "--budget: 'soon': e");
}

TEST(RunComparisons, EachVariantAgainstThePluginItVaries) {
  const TestPlan plan = parse_plan(R"(workload = "flower"
plugins = ["raw-epoll", "libevent2", "raw-epoll@base", "libevent2@base"]
[matrix]
pipes = [100]
active = [10]
[variants."raw-epoll@base"]
plugin = "raw-epoll"
[variants."libevent2@base"]
plugin = "libevent2"
)",
                                   "t.toml", nullptr, {});
  const auto pairs = run_comparisons(plan);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].base, "raw-epoll");
  EXPECT_EQ(pairs[0].next, "raw-epoll@base");
  EXPECT_EQ(pairs[1].base, "libevent2");
  EXPECT_EQ(pairs[1].next, "libevent2@base");
}

TEST(RunComparisons, WithoutVariantsEachPluginAgainstTheFirst) {
  const auto pairs = run_comparisons(parse_plan(testing::minimal_config, "t.toml", nullptr, {}));
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].base, "libevent2");
  EXPECT_EQ(pairs[0].next, "raw-epoll");
}

TEST(BudgetNote, SaysWhatTheBudgetServesAndAtWhatLevel) {
  EXPECT_EQ(
      budget_note(parse_plan(with_run("rounds = 5\nbudget = \"90s\"\n"), "t.toml", nullptr, {})),
      "budget: up to 90 s after the planned rounds, for libevent2 vs raw-epoll: a "
      "comparison still undecided gets 5 more paired round(s) at a time, at most 4 looks "
      "in all, most uncertain first; each look judged at alpha 0.0182 (Pocock's level for "
      "4 looks at 0.05)");
  EXPECT_EQ(budget_note(parse_plan(testing::minimal_config, "t.toml", nullptr, {})).substr(0, 13),
            "budget: none ");
}

}  // namespace
}  // namespace rb::config

namespace rb::config {
namespace {

std::string run_section(const std::string& run) {
  return std::string(testing::minimal_config) + "[run]\n" + run;
}

TEST(DuetKey, PairingDuetOrDuetTrue) {
  EXPECT_EQ(parse_plan(run_section("pairing = \"duet\"\n"), "t.toml", nullptr, {}).run.pairing,
            Pairing::duet);
  EXPECT_EQ(parse_plan(run_section("duet = true\n"), "t.toml", nullptr, {}).run.pairing,
            Pairing::duet);
  EXPECT_EQ(parse_plan(run_section("duet = false\n"), "t.toml", nullptr, {}).run.pairing,
            std::nullopt);
  EXPECT_EQ(testing::error_of(run_section("pairing = \"rounds\"\nduet = true\n")),
            "t.toml:8:8: duet = true contradicts pairing = \"rounds\"");
  EXPECT_EQ(testing::error_of(run_section("pairing = \"duo\"\n")),
            "t.toml:7:11: pairing 'duo': expected \"rounds\", \"iterations\" or \"duet\"; did you "
            "mean 'duet'?");
}

TEST(DuetKey, TheCommandLineHasTheLastWord) {
  Overrides overrides;
  overrides.pairing = "duet";
  EXPECT_EQ(
      parse_plan(run_section("pairing = \"rounds\"\n"), "t.toml", nullptr, overrides).run.pairing,
      Pairing::duet);
  overrides.pairing = "both";
  EXPECT_EQ(testing::error_of(run_section(""), overrides),
            "--pairing: 'both': expected rounds, iterations or duet");
}

}  // namespace
}  // namespace rb::config
