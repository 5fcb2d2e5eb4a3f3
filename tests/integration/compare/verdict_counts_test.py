#!/usr/bin/python3
"""scripts/lib/verdict_counts.py (the nightly's closing counts) on constructed compare JSON:
the cells of every file counted by verdict, the withheld ones among the inconclusive, and
the medians of what the pairing bought, leaving out cells without a figure.

    verdict_counts_test.py PATH/TO/verdict_counts.py
"""

import json
import os
import subprocess
import sys
import tempfile


def row(verdict, withheld=None, narrowing=None, correlation=None, paired=True):
    pairing = {"pairs": 6, "narrowing": narrowing, "correlation": correlation} if paired else None
    return {"verdict": verdict, "withheld": withheld, "pairing": pairing}


def main(script):
    with tempfile.TemporaryDirectory() as tmp:
        first = os.path.join(tmp, "compare-a.json")
        second = os.path.join(tmp, "compare-b.json")
        with open(first, "w") as f:
            json.dump({"cells": [row("same", narrowing=2.0, correlation=0.5),
                                 row("same", narrowing=4.0, correlation=0.9),
                                 row("inconclusive", withheld="disturbed")]}, f)
        with open(second, "w") as f:
            json.dump({"cells": [row("slower", narrowing=3.0, correlation=0.7),
                                 row("faster", paired=False)]}, f)
        out = subprocess.run([sys.executable, script, first, second], capture_output=True,
                             text=True, check=True).stdout.splitlines()
        expected = [
            "verdicts: 5 cells: 2 same, 1 faster, 1 slower, 1 inconclusive (1 of them withheld)",
            "pairing: 4 paired cells, median CI 3.00x narrower than unpaired, "
            "median correlation 0.70",
        ]
        if out != expected:
            print(f"FAIL: got {out!r}, expected {expected!r}")
            return 1
        bad = subprocess.run([sys.executable, script, os.path.join(tmp, "missing.json")],
                             capture_output=True, text=True)
        if bad.returncode != 2 or "missing.json" not in bad.stderr:
            print(f"FAIL: a missing file gave {bad.returncode}: {bad.stderr!r}")
            return 1
    print("verdict_counts: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
