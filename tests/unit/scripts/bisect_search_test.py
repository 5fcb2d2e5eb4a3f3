#!/usr/bin/python3
"""scripts/lib/bisect_search.py with a fake judge (no build, no measurement): the order of
the probes, a commit that does not build probed around and named, two candidates when an
undecided commit sits next to the culprit, and a regression of several small steps told
from one commit's.

    bisect_search_test.py PATH/TO/scripts/lib
"""

import sys

sys.path.insert(0, sys.argv[1])
import bisect_search as bs  # noqa: E402


def judge_with(culprit, skip=(), undecided=()):
    """A fake judge over a history whose first slow commit is `culprit`."""
    def judge(index):
        if index in skip:
            return bs.Outcome(bs.SKIP, "does not build")
        if index in undecided:
            return bs.Outcome(bs.UNDECIDED, "inconclusive")
        return bs.Outcome(bs.BAD if index >= culprit else bs.GOOD)
    return judge


def probes_of(result):
    return [index for index, _ in result.probes]


def check(failures, what, got, expected):
    if got != expected:
        failures.append(f"{what}: expected {expected!r}, got {got!r}")


def main():
    failures = []
    # 17 commits (0 good, 16 bad), the culprit at 11: halves 8, then 12, then 10, then 11.
    result = bs.search(17, judge_with(11))
    check(failures, "plain: probes", probes_of(result), [8, 12, 10, 11])
    check(failures, "plain: candidates", result.candidates, [11])
    check(failures, "plain: last good", result.last_good, 10)

    # Every culprit position of a 16-commit history is found in at most 4 probes.
    for culprit in range(1, 16):
        result = bs.search(16, judge_with(culprit))
        check(failures, f"culprit {culprit}", result.candidates, [culprit])
        check(failures, f"culprit {culprit}: probes <= 4", len(result.probes) <= 4, True)

    # The midpoint does not build: its neighbour is probed instead, and it is named.
    result = bs.search(17, judge_with(11, skip={8}))
    check(failures, "skip: first probes", probes_of(result)[:2], [8, 7])
    check(failures, "skip: candidates", result.candidates, [11])
    check(failures, "skip: named", [i for i, _ in result.skipped()], [8])

    # The commit before the culprit does not build: the data cannot separate the two.
    result = bs.search(17, judge_with(11, skip={10}))
    check(failures, "skip next to culprit: candidates", result.candidates, [10, 11])

    # The culprit's predecessor stays undecided after its budget: two candidates.
    result = bs.search(17, judge_with(11, undecided={10}))
    check(failures, "undecided: candidates", result.candidates, [10, 11])
    check(failures, "undecided: last good", result.last_good, 9)

    # An undecided commit the search can get past is no candidate.
    result = bs.search(17, judge_with(11, undecided={4}))
    check(failures, "undecided elsewhere: candidates", result.candidates, [11])

    # Several small steps: the culprit's own 3% of a 12% whole explains a quarter of it.
    check(failures, "small steps", bs.is_one_step(0.03, 0.12), False)
    check(failures, "one step", bs.is_one_step(0.11, 0.12), True)
    check(failures, "count step", bs.is_one_step(1.0, 1.0), True)
    check(failures, "no whole change", bs.share_of_whole(0.1, 0.0), None)

    for failure in failures:
        print("FAIL:", failure)
    print(f"{'FAILED' if failures else 'PASSED'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
