// --color as the commands register it, and history --check-newest's verdict colours.
#include "cli/colour_option.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "cli/level_verdict_tint.h"

namespace rb::cli {
namespace {

TEST(ColourOption, DefaultsToAutoAndTakesTheThreeModes) {
  for (const char* mode : {"auto", "always", "never"}) {
    CLI::App app;
    std::string colour = "auto";
    add_colour_option(app, colour);
    const char* argv[] = {"runner", "--color", mode};
    EXPECT_NO_THROW(app.parse(3, argv)) << mode;
    EXPECT_EQ(colour, mode);
  }
  CLI::App app;
  std::string colour = "auto";
  add_colour_option(app, colour);
  const char* argv[] = {"runner", "--color", "yes"};
  EXPECT_THROW(app.parse(3, argv), CLI::ValidationError);
  EXPECT_NE(app.help().find("{auto,always,never}"), std::string::npos) << app.help();
}

TEST(ColourOption, AlwaysAndNeverDecideWhateverTheOutputIs) {
  // A descriptor that is no terminal (stdin of a test may be one; a fresh pipe never is).
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  EXPECT_TRUE(colour_for("always", fds[1]));
  EXPECT_FALSE(colour_for("never", fds[1]));
  EXPECT_FALSE(colour_for("auto", fds[1]));
  EXPECT_FALSE(colour_for("bogus", fds[1]));
  ::close(fds[0]);
  ::close(fds[1]);
}

TEST(LevelVerdictTint, AsComparesVerdicts) {
  using store::LevelVerdict;
  EXPECT_EQ(level_verdict_tint(LevelVerdict::regression), text::Tint::red);
  EXPECT_EQ(level_verdict_tint(LevelVerdict::broken), text::Tint::red);
  EXPECT_EQ(level_verdict_tint(LevelVerdict::improved), text::Tint::green);
  EXPECT_EQ(level_verdict_tint(LevelVerdict::within), text::Tint::dim);
  EXPECT_EQ(level_verdict_tint(LevelVerdict::inconclusive), text::Tint::yellow);
}

}  // namespace
}  // namespace rb::cli
