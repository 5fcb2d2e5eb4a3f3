// The line `runner run --dry-run` gives the rounds: how many, where the number came from,
// and what it allows a compare to conclude (config/run_defaults.h).
#pragma once

#include <string>

#include "config/test_plan.h"

namespace rb::cli {

// "rounds: 6 (default: a paired verdict needs >= 6 pairs; ...)", or the config's, --quick's
// or --rounds' number, with a warning when a plan of two or more plugins (or variants, which
// compare round r against round r) runs too few rounds for the verdict it is made for.
std::string rounds_note(const config::TestPlan& plan);

}  // namespace rb::cli
