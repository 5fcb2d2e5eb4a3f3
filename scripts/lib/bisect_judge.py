"""What one A/B of `scripts/bisect` says about the tested commit, read from the cells the
whole regression showed in (the "focus"). Kernel counts decide exactly where the good->bad
change moved them; timings decide otherwise, by `runner compare`'s verdicts. Python 3
standard library only.
"""

import statistics
from dataclasses import dataclass, field

import bisect_search as bs
import bisect_step


@dataclass
class Focus:
    counts: set = field(default_factory=set)  # count keys that grew good -> bad
    rows: set = field(default_factory=set)  # metric cells called slower good -> bad

    def by_counts(self):
        return bool(self.counts)


def focus_of(whole):
    """The cells the good->bad A/B convicted: its grown counts, else its slower cells."""
    counts = {bisect_step.count_key(c) for c in whole.count_growth}
    if counts:
        return Focus(counts=counts)
    return Focus(rows={bisect_step.row_key(r) for r in whole.rows if r["verdict"] == "slower"})


def focus_rows(step, focus):
    return [r for r in step.rows if bisect_step.row_key(r) in focus.rows]


def focus_counts(step, focus):
    return [c for c in step.count_growth if bisect_step.count_key(c) in focus.counts]


def tally(rows):
    slower = sum(r["verdict"] == "slower" for r in rows)
    settled = sum(r["verdict"] in ("same", "faster") for r in rows)
    return slower, settled, len(rows) - slower - settled


def percent(ratio):
    return f"{(ratio - 1) * 100:+.1f}%"


def effect_text(rows):
    """The first cell's change and CI, with how many cells were called what."""
    if not rows:
        return "no cell"
    row = rows[0]
    slower, settled, undecided = tally(rows)
    point = " ".join(f"{k}={v}" for k, v in row["params"].items())
    text = (f"{row['metric']} {percent(row['ratio'])} [{percent(row['ci_low'])}, "
            f"{percent(row['ci_high'])}] p={row['p_value']:.3g} "
            f"({bisect_step.plugin_of(row['base_plugin'])} {point})")
    if len(rows) > 1:
        text += f"; of {len(rows)} cells {slower} slower, {settled} same or faster, " \
                f"{undecided} inconclusive"
    return text


def counts_text(changes):
    """Each grown count once: its median growth per event and in how many cells."""
    if not changes:
        return "no count grew"
    by_count = {}
    for change in changes:
        by_count.setdefault((change["count"], change["unit"]), []).append(
            change["change_per_event"])
    parts = [f"{statistics.median(growth):+.2f} {count} per {unit} in {len(growth)} "
             f"cell{'s' if len(growth) > 1 else ''}"
             for (count, unit), growth in by_count.items()]
    return ", ".join(parts)


def by_timings(rows, if_slower, if_settled, if_undecided):
    """The outcome the focus cells' verdicts give: (outcome, words) if any is slower, else if
    those settled (same or faster) are at least as many as the undecided, else UNDECIDED."""
    slower, settled, undecided = tally(rows)
    if slower:
        outcome, words = if_slower
    elif settled and settled >= undecided:
        outcome, words = if_settled
    else:
        outcome, words = bs.UNDECIDED, if_undecided
    return bs.Outcome(outcome, words + effect_text(rows))


def against_good(step, focus):
    """The tested commit against the good side: slower is BAD, not slower is GOOD."""
    if focus.by_counts():
        grown = focus_counts(step, focus)
        if grown:
            return bs.Outcome(bs.BAD, "counts: " + counts_text(grown))
        return bs.Outcome(bs.GOOD, "counts: as the good side's (exact)")
    return by_timings(focus_rows(step, focus), (bs.BAD, "slower: "), (bs.GOOD, "not slower: "),
                      "inconclusive: ")


def against_bad(step, focus):
    """The bad side against the tested commit (second opinion on an undecided step): the bad
    side slower means the tested commit is before the regression; the same, after it."""
    return by_timings(focus_rows(step, focus), (bs.GOOD, "the bad side is slower than it: "),
                      (bs.BAD, "as slow as the bad side: "), "inconclusive against both sides: ")


def change_of(step, focus):
    """The step's change, for the share one commit has of the whole: the counts' growth per
    event, else the median log ratio of the focus cells."""
    if focus.by_counts():
        return bisect_step.count_growth_sum(focus_counts(step, focus))
    return bisect_step.median_log_ratio(focus_rows(step, focus))
