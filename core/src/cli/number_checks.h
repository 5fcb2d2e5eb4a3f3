// Checks for numeric flags whose refusals a person can read. CLI11's own checks answer
// `--repetitions 0` with "Value 0 not in range 0.000000 to 1.797693e+308" and `--rounds 2.5`
// with "Could not convert"; these say the flag (CLI11 puts its name first), the value and the
// allowed values in words: "--rounds: 2.5 is not a whole number: give a whole number, 1 or
// more". They run on the text before CLI11 converts it, so they see what the user typed.
#pragma once

#include <CLI/CLI.hpp>

namespace rb::cli {

// A whole number of at least `min` (a count: repetitions, rounds, samples).
CLI::Validator whole_number_from(long long min);

// A whole number, its range left to whoever reads it (an axis's own check, which names it).
CLI::Validator whole_number();

// Any number from `low` to `high`, both included (a probability).
CLI::Validator number_between(double low, double high);

// A number above zero (seconds).
CLI::Validator positive_number();

}  // namespace rb::cli
