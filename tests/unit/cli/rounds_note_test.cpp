// What `runner run --dry-run` says about the rounds: the number, where it came from, and
// whether a compare between the run's plugins can conclude from it.
#include <gtest/gtest.h>

#include "cli/rounds_note.h"
#include "config/test_plan.h"

namespace rb::cli {
namespace {

config::TestPlan plan_of(const std::string& run, const config::Overrides& overrides = {}) {
  const std::string text = "workload = \"flower\"\nplugins = [\"a\", \"b\"]\n[run]\n" + run +
                           "\n[matrix]\npipes = [100]\nactive = [10]\n";
  return config::parse_plan(text, "t.toml", nullptr, overrides);
}

TEST(RoundsNote, AConfigThatSaysNothingGetsSixRoundsAndIsToldWhy) {
  EXPECT_EQ(rounds_note(plan_of("")),
            "rounds: 6 (default: a paired verdict needs >= 6 pairs; the exact sign-flip test "
            "over 6 reaches p = 0.031)");
}

TEST(RoundsNote, TheConfigsOwnNumberIsNamedAndTooFewPairsAreSaid) {
  EXPECT_EQ(rounds_note(plan_of("rounds = 8")), "rounds: 8 ([run] rounds)");
  EXPECT_EQ(rounds_note(plan_of("rounds = 4")),
            "rounds: 4 ([run] rounds); fewer than 6 pairs: the exact sign-flip p of a paired "
            "verdict cannot go below 2/2^4 = 0.125");
  EXPECT_EQ(rounds_note(plan_of("rounds = 2")),
            "rounds: 2 ([run] rounds); compare gives no verdict between this run's plugins "
            "below 3 rounds");
}

TEST(RoundsNote, TheCommandLineAndQuickAreNamed) {
  config::Overrides rounds;
  rounds.rounds = 7;
  EXPECT_EQ(rounds_note(plan_of("", rounds)), "rounds: 7 (--rounds)");
  config::Overrides quick;
  quick.quick = true;
  EXPECT_EQ(rounds_note(plan_of("rounds = 9", quick)).substr(0, 34),
            "rounds: 1 (--quick: a first look);");
}

TEST(RoundsNote, OnePluginHasNothingInTheRunToPairWith) {
  const auto plan = config::parse_plan(
      "workload = \"flower\"\nplugins = [\"a\"]\n[run]\nrounds = 2\n"
      "[matrix]\npipes = [100]\nactive = [10]\n",
      "t.toml", nullptr, {});
  EXPECT_EQ(rounds_note(plan), "rounds: 2 ([run] rounds)");
}

}  // namespace
}  // namespace rb::cli
