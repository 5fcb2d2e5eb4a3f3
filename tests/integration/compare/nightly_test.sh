#!/usr/bin/env bash
# scripts/nightly end to end on configs/smoke.toml with a temporary database: the first
# night has nothing to compare with (exit 0); the second compares against the first, writes
# the report and plots, and exits with compare's code.
#   nightly_test.sh RUNNER SOURCE_DIR
set -uo pipefail
runner="$1"
root="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/*.out "$tmp"/*.err; do echo "--- $f"; cat "$f"; done; exit 1; }

night() {  # night N [OPTION...]: runs the nightly into $tmp/nN, output in $tmp/N.out and N.err
  local n="$1"
  shift
  "$root/scripts/nightly" --runner "$runner" --store "$tmp/history.db" --out "$tmp/n$n" "$@" \
    "$root/configs/smoke.toml" >"$tmp/$n.out" 2>"$tmp/$n.err"
}

night 1 || fail "first night exited $?"
grep -q "nothing to compare" "$tmp/1.out" || fail "first night should have no baseline"
test -s "$tmp/n1/report.html" || fail "first night wrote no report"

night 2
rc=$?
case $rc in 0|1|3) ;; *) fail "second night exited $rc" ;; esac
grep -q "^base: run 1 (smoke" "$tmp/2.out" || fail "second night did not compare with run 1"
grep -q "^new:  $tmp/n2/smoke" "$tmp/2.out" || fail "second night did not compare its own run"
grep -q "^verdict: .* -> exit $rc " "$tmp/2.out" || fail "exit code is not compare's ($rc)"
grep -q "^nightly: $tmp/n2/report.html -> exit $rc" "$tmp/2.out" || fail "no closing line"

report="$tmp/n2/report.html"
grep -q "Against the baseline" "$report" || fail "report has no verdicts"
grep -q "base: run 1" "$report" || fail "report does not name its baseline"
if /usr/bin/python3 -c "import matplotlib" 2>/dev/null; then
  grep -q "data:image/png;base64," "$report" || fail "report has no embedded plot"
  ls "$tmp"/n2/plots/*/flower.svg >/dev/null 2>&1 || fail "no SVG plot kept"
fi

runs="$("$runner" history --store "$tmp/history.db" --format json)" || fail "history failed"
count="$(printf '%s' "$runs" | /usr/bin/python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')"
[ "$count" = 2 ] || fail "expected 2 stored runs, found $count"
grep -q "fewer than --min-runs 5: nothing to judge yet" "$tmp/2.err" \
  || fail "second night should say the history is too short"

# Third night with --min-runs 3: the history (runs 1 and 2) now gives the verdict.
night 3 --min-runs 3
rc3=$?
case $rc3 in 0|1|3) ;; *) fail "third night exited $rc3" ;; esac
grep -q "^base: run 2 (smoke" "$tmp/3.out" || fail "third night did not print the compare"
grep -q "the verdict comes from the history" "$tmp/3.out" || fail "third night: no history verdict"
grep -q "^history check: run 3 " "$tmp/3.out" || fail "third night did not judge run 3"
grep -q "^history verdict: .* -> exit $rc3\$" "$tmp/3.out" || fail "exit code is not the history's"
grep -q "^nightly: $tmp/n3/report.html -> exit $rc3" "$tmp/3.out" || fail "no closing line (3)"
grep -q "<h3>History</h3>" "$tmp/n3/report.html" || fail "third night's report has no history"
echo "nightly end to end: ok (second night exited $rc, third $rc3)"
