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

night() {  # night N: runs the nightly into $tmp/nN, output in $tmp/N.out and N.err
  "$root/scripts/nightly" --runner "$runner" --store "$tmp/history.db" --out "$tmp/n$1" \
    "$root/configs/smoke.toml" >"$tmp/$1.out" 2>"$tmp/$1.err"
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
echo "nightly end to end: ok (second night exited $rc)"
