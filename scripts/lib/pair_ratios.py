"""The median of paired ratios (ours / the reference's, one pair per interleaved run) and a
95% bootstrap interval for it: resampling the pairs, each pair whole, so the interval carries
the spread the machine put between pairs. Seeded, so a log's figures are reproducible."""

import random
import statistics

RESAMPLES = 4000


def median_with_interval(ratios, resamples=RESAMPLES, seed=1):
    """(median, low, high) of `ratios`; the interval is (median, median) for a single pair."""
    generator = random.Random(seed)
    medians = sorted(statistics.median(generator.choices(ratios, k=len(ratios)))
                     for _ in range(resamples))
    tail = int(resamples * 0.025)
    return statistics.median(ratios), medians[tail], medians[resamples - 1 - tail]


def describe(ratios):
    """'1.023, 95% CI [1.002, 1.039]'."""
    median, low, high = median_with_interval(ratios)
    return f"{median:.3f}, 95% CI [{low:.3f}, {high:.3f}]"
