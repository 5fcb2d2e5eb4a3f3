"""The search of `scripts/bisect`, apart from any build or measurement so that it can be
tested with a fake judge: which commit to probe next, what the probes leave as candidates,
and whether one commit explains the whole regression.

commits[0] is the known-good revision and commits[-1] the known-bad one. A judge takes an
index and says what that commit is: GOOD (not slower than the good side), BAD (slower:
the regression is in it), SKIP (it does not build: `git bisect skip`) or UNDECIDED (the
data, after the rounds the budget allowed, could not tell). A skipped or undecided commit
is probed around, never guessed: if the search cannot get past it, it stays a candidate.
Python 3 standard library only.
"""

import math
from dataclasses import dataclass, field

GOOD = "good"
BAD = "bad"
SKIP = "skip"
UNDECIDED = "undecided"

# Below this share of the good->bad change (in log ratio, or in count per event) the culprit
# is one step of several: the regression is reported as made of small steps.
EXPLAINS_WHOLE = 0.5


@dataclass
class Outcome:
    verdict: str  # GOOD, BAD, SKIP or UNDECIDED
    why: str = ""  # the step's evidence, or why it was skipped


@dataclass
class SearchResult:
    probes: list = field(default_factory=list)  # (index, Outcome), in the order judged
    last_good: int = 0
    first_bad: int = 0
    candidates: list = field(default_factory=list)  # indices, oldest first

    def skipped(self):
        return [(i, o) for i, o in self.probes if o.verdict == SKIP]


def next_probe(low, high, judged):
    """The unjudged index strictly between low (good) and high (bad) nearest their middle,
    the older one on a tie; None when every one of them has been judged."""
    middle = (low + high) / 2
    open_indices = [i for i in range(low + 1, high) if i not in judged]
    if not open_indices:
        return None
    return min(open_indices, key=lambda i: (abs(i - middle), i))


def search(count, judge):
    """Bisects commits 0..count-1 (0 good, count-1 bad) with judge(index) -> Outcome."""
    low, high = 0, count - 1
    result = SearchResult()
    judged = {}
    while True:
        index = next_probe(low, high, judged)
        if index is None:
            break
        outcome = judge(index)
        judged[index] = outcome
        result.probes.append((index, outcome))
        if outcome.verdict == GOOD:
            low = index
        elif outcome.verdict == BAD:
            high = index
    result.last_good, result.first_bad = low, high
    # Everything between the last good and the first bad commit was skipped or undecided.
    result.candidates = list(range(low + 1, high + 1))
    return result


def share_of_whole(own_change, whole_change):
    """How much of the good->bad change the culprit's own change is (1.0: all of it).
    Changes are log ratios (timings) or counts per event; None when the whole is nothing."""
    if whole_change == 0 or not math.isfinite(whole_change):
        return None
    return own_change / whole_change


def is_one_step(own_change, whole_change):
    share = share_of_whole(own_change, whole_change)
    return share is not None and share >= EXPLAINS_WHOLE
