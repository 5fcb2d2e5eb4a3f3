#!/usr/bin/env python3
"""The night's verdicts counted, for scripts/nightly: every metric cell of the given
`runner compare --format json` files, by verdict, and what the pairing bought.

    verdict_counts.py COMPARE.json...

Prints two lines:
    verdicts: N cells: S same, F faster, W slower, I inconclusive (H of them withheld)
    pairing: P paired cells, median CI Xx narrower than unpaired, median correlation R
(the second only when a file has paired rows: `--plugins` compares of one run). The
"narrower" figure is the compare's `pairing.narrowing` (unpaired CI width / paired CI width),
the correlation its `pairing.correlation` (of the paired log round medians); cells where
either is null (too few pairs, a flat side) are left out of that median. Exit 2 when a file
cannot be read. Python 3 standard library only.
"""

import json
import statistics
import sys


def main(paths):
    counts = {"same": 0, "faster": 0, "slower": 0, "inconclusive": 0}
    withheld = 0
    narrowing = []
    correlation = []
    paired = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                comparison = json.load(f)
        except (OSError, ValueError) as error:
            print(f"verdict_counts: {path}: {error}", file=sys.stderr)
            return 2
        for cell in comparison.get("cells", []):
            verdict = cell.get("verdict")
            counts[verdict] = counts.get(verdict, 0) + 1
            withheld += cell.get("withheld") is not None
            pairing = cell.get("pairing")
            if pairing is None:
                continue
            paired += 1
            if pairing.get("narrowing") is not None:
                narrowing.append(pairing["narrowing"])
            if pairing.get("correlation") is not None:
                correlation.append(pairing["correlation"])
    total = sum(counts.values())
    print(f"verdicts: {total} cells: {counts['same']} same, {counts['faster']} faster, "
          f"{counts['slower']} slower, {counts['inconclusive']} inconclusive "
          f"({withheld} of them withheld)")
    if paired:
        narrower = (f"median CI {statistics.median(narrowing):.2f}x narrower than unpaired"
                    if narrowing else "no paired CI (too few pairs)")
        rho = (f"median correlation {statistics.median(correlation):.2f}"
               if correlation else "no correlation (fewer than 3 pairs, or a flat side)")
        print(f"pairing: {paired} paired cells, {narrower}, {rho}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
