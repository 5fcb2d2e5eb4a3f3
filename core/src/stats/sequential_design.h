// Looking at a comparison more than once without inflating its false alarms: a
// group-sequential design with Pocock's boundaries (Pocock 1977; Jennison & Turnbull,
// "Group Sequential Methods", 2000, table 2.1). Each of at most K looks tests at the same
// nominal level, chosen so that the chance of a false alarm over all K looks together is the
// overall alpha; a confidence interval at 1 - that level is a repeated confidence interval,
// valid at whichever look the comparison stopped. Pocock's boundaries rather than O'Brien-
// Fleming's because most comparisons should stop at the first look (the planned rounds),
// where O'Brien-Fleming's would almost never let them.
#pragma once

namespace rb::stats {

// Looks at a comparison under [run] budget: the planned rounds, then up to three batches.
inline constexpr int kMaxLooks = 4;

// The level each of `looks` equally spaced looks tests at, for an overall two-sided `alpha`.
// Pocock's exact constants for alpha = 0.05 and 1-5 looks; otherwise (or beyond 5 looks)
// Bonferroni's alpha / looks, which is valid but more conservative. alpha itself at one look.
double pocock_nominal_alpha(double alpha, int looks);

}  // namespace rb::stats
