#!/usr/bin/python3
"""scripts/lib/junit_skips.py (scripts/test --strict's count of skipped tests) on ctest-shaped
JUnit files: a run without skips exits 0, one with a skip exits 1 naming the test and the
reason GoogleTest printed, an unreadable file exits 2.

    junit_skips_test.py PATH/TO/junit_skips.py
"""

import os
import subprocess
import sys
import tempfile

PASSED = """<testcase name="Text.Printable" classname="Text.Printable" time="0.01" status="run">
<system-out>[ RUN      ] Text.Printable
[       OK ] Text.Printable (0 ms)
</system-out></testcase>"""

SKIPPED = """<testcase name="Netns.Pair" classname="Netns.Pair" time="0.02" status="notrun">
<skipped message="SKIP_REGULAR_EXPRESSION_MATCHED"/>
<system-out>[ RUN      ] Netns.Pair
/src/tests/netns_test.cpp:12: Skipped
skipped without capability 'netns': ip netns add: Operation not permitted
[  SKIPPED ] Netns.Pair (2 ms)
</system-out></testcase>"""


def junit(*cases):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="Linux-c++" tests="%d">\n%s\n'
            "</testsuite>\n" % (len(cases), "\n".join(cases)))


def run(script, path):
    done = subprocess.run([sys.executable, script, path], capture_output=True, text=True)
    return done.returncode, done.stdout


def check(failures, what, got, expected):
    if got != expected:
        failures.append(f"{what}: expected {expected!r}, got {got!r}")


def main(script):
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, "clean.xml")
        with open(clean, "w") as f:
            f.write(junit(PASSED))
        check(failures, "no skip", run(script, clean), (0, "skipped: 0 of 1 tests\n"))
        skipping = os.path.join(tmp, "skipping.xml")
        with open(skipping, "w") as f:
            f.write(junit(PASSED, SKIPPED))
        check(failures, "one skip", run(script, skipping),
              (1, "skipped: 1 of 2 tests\n  Netns.Pair: skipped without capability 'netns': "
                  "ip netns add: Operation not permitted\n"))
        check(failures, "missing file", run(script, os.path.join(tmp, "absent.xml"))[0], 2)
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
