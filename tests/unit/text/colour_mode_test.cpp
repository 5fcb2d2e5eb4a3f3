// --color's decision, as a truth table: the mode, whether the output is a terminal, NO_COLOR
// (no-color.org: set and non-empty turns automatic colour off) and TERM=dumb.
#include "text/colour_mode.h"

#include <gtest/gtest.h>

namespace rb::text {
namespace {

ColourSurroundings tty() {
  return {true, std::nullopt, std::string("xterm-256color")};
}
ColourSurroundings pipe() {
  return {false, std::nullopt, std::string("xterm-256color")};
}

TEST(ColourMode, AutoColoursATerminalOnly) {
  EXPECT_TRUE(should_colour(ColourMode::auto_detect, tty()));
  EXPECT_FALSE(should_colour(ColourMode::auto_detect, pipe()));
}

TEST(ColourMode, AutoWithoutTermStillColoursATerminal) {
  EXPECT_TRUE(should_colour(ColourMode::auto_detect, {true, std::nullopt, std::nullopt}));
}

TEST(ColourMode, NonEmptyNoColorTurnsAutoOff) {
  auto around = tty();
  around.no_color = "1";
  EXPECT_FALSE(should_colour(ColourMode::auto_detect, around));
}

TEST(ColourMode, EmptyNoColorIsAsIfUnset) {
  auto around = tty();
  around.no_color = "";
  EXPECT_TRUE(should_colour(ColourMode::auto_detect, around));
}

TEST(ColourMode, DumbTerminalGetsNoAutomaticColour) {
  auto around = tty();
  around.term = "dumb";
  EXPECT_FALSE(should_colour(ColourMode::auto_detect, around));
}

TEST(ColourMode, AlwaysColoursEvenAPipeWithNoColorAndADumbTerminal) {
  EXPECT_TRUE(should_colour(ColourMode::always, pipe()));
  EXPECT_TRUE(should_colour(ColourMode::always, {false, std::string("1"), std::string("dumb")}));
}

TEST(ColourMode, NeverColoursNotEvenATerminal) {
  EXPECT_FALSE(should_colour(ColourMode::never, tty()));
}

TEST(ColourMode, NamesRoundTrip) {
  EXPECT_EQ(colour_mode_names(), (std::vector<std::string>{"auto", "always", "never"}));
  for (const auto& name : colour_mode_names()) EXPECT_EQ(to_string(*colour_mode_named(name)), name);
  EXPECT_FALSE(colour_mode_named("yes"));
  EXPECT_FALSE(colour_mode_named(""));
}

}  // namespace
}  // namespace rb::text
