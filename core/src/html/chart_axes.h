// The axes of the report's history charts: a value range rounded out to "nice" ticks
// (1, 2, 2.5 or 5 times a power of ten), so each chart shows four to six labelled grid lines
// a person can read a value off, never a negative minimum for a quantity that cannot be one.
#pragma once

#include <vector>

namespace rb::html {

struct ValueAxis {
  double low = 0;
  double high = 1;
  std::vector<double> ticks;  // from low to high, both included
};

// An axis over [lowest, highest] (the values drawn), padded a little so no point sits on an
// edge; from 0 up when every value is >= 0 and `non_negative`.
ValueAxis value_axis(double lowest, double highest, bool non_negative);

// The step between ticks for a span: 1, 2, 2.5 or 5 x 10^k, giving about `count` steps.
double nice_step(double span, int count);

}  // namespace rb::html
