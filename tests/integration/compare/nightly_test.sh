#!/usr/bin/env bash
# scripts/nightly end to end on a two-plugin cut of configs/smoke.toml (one round, two
# points) with a temporary database and baseline folder: the first night has no baseline (exit 0, "baseline recorded", its plugins copied);
# the second, on the same unchanged build, takes the A/B route against that copy (every
# plugin beside its @base twin, compared with --plugins, the run stored) and exits 0, then
# advances the baseline; a third night with --keep-baseline --strict is judged against the
# second night's copy, leaves it in place, and exits 3 (a single round leaves every cell
# inconclusive, which only --strict turns into an exit code).
#   nightly_test.sh RUNNER SOURCE_DIR
set -uo pipefail
runner="$1"
root="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/*.out "$tmp"/*.err; do echo "--- $f"; cat "$f"; done; exit 1; }

sed -e 's/^plugins = .*/plugins = ["libevent2", "raw-epoll"]/' -e 's/^active = .*/active = [10]/' \
  "$root/configs/smoke.toml" >"$tmp/smoke.toml"
grep -q '^rounds = 1$' "$tmp/smoke.toml" || fail "configs/smoke.toml no longer runs one round"

night() {  # night N [OPTION...]: runs the nightly into $tmp/nN, output in $tmp/N.out and N.err
  local n="$1"
  shift
  "$root/scripts/nightly" --runner "$runner" --store "$tmp/history.db" --out "$tmp/n$n" \
    --baseline-dir "$tmp/baseline" "$@" "$tmp/smoke.toml" >"$tmp/$n.out" 2>"$tmp/$n.err"
}
host_dir="$tmp/baseline/$(uname -n)"
folder() { sed -n 's/^folder=//p' "$host_dir/current"; }
# The distinct plugin files the @base cells of night N loaded.
base_files() {
  /usr/bin/python3 -c 'import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
print("\n".join(sorted({c["plugin_file"] for c in cells if c["plugin"].endswith("@base")})))' \
    "$tmp/n$1/smoke/summary.json"
}
stored_runs() {
  "$runner" history --store "$tmp/history.db" --format json |
    /usr/bin/python3 -c 'import json, sys; print(len(json.load(sys.stdin)))'
}
revision="$("$runner" --version | sed -n 's/.*(git \([^)]*\)).*/\1/p')"
revision="${revision:-unknown}"

# Night 1: nothing to compare; the runs are stored and the build becomes the baseline.
night 1 || fail "first night exited $?"
grep -q "^nightly: baseline recorded: $revision (nothing to compare tonight)" "$tmp/1.out" ||
  fail "first night did not record its baseline"
grep -q "no baseline yet: nothing to compare" "$tmp/1.out" || fail "first night: no note"
grep -q "^nightly: $tmp/n1/report.html -> exit 0" "$tmp/1.out" || fail "first night: no closing line"
test -s "$tmp/n1/report.html" || fail "first night wrote no report"
grep -q "^revision=$revision\$" "$host_dir/current" || fail "current names another revision"
first="$(folder)"
test -f "$host_dir/$first/raw_epoll.so" || fail "raw-epoll's plugin was not kept in $first"
[ "$(stored_runs)" = 1 ] || fail "expected 1 stored run after night 1"

# Night 2, the same build: the A/B against night 1's copy, stored, exit 0, baseline advanced.
night 2
rc=$?
[ $rc -eq 0 ] || fail "second night on an unchanged tree exited $rc"
grep -q "^nightly: against baseline $revision ($host_dir/$first)" "$tmp/2.out" ||
  fail "second night did not use night 1's baseline"
grep -q "^== smoke: raw-epoll@base -> raw-epoll ==" "$tmp/2.out" || fail "no A/B compare"
test -s "$tmp/n2/smoke/compare-raw-epoll.json" || fail "no compare JSON kept"
grep -q "^nightly: verdicts: [0-9]* cells: " "$tmp/2.out" || fail "no verdict counts"
files="$(base_files 2)"
[ -n "$files" ] || fail "night 2 ran no @base cell"
grep -qv "^$host_dir/$first/" <<<"$files" && fail "night 2 loaded a file outside $first: $files"
grep -q "^nightly: baseline advanced to $revision" "$tmp/2.out" || fail "baseline not advanced"
second="$(folder)"
[ "$second" != "$first" ] || fail "the baseline folder did not change"
test -e "$host_dir/$first" && fail "night 1's copy was not removed"
[ "$(stored_runs)" = 2 ] || fail "expected 2 stored runs after night 2"
"$runner" history --store "$tmp/history.db" --config smoke --format json >/dev/null ||
  fail "night 2's run is not stored under the config's name"
grep -q "^nightly: $tmp/n2/report.html -> exit 0" "$tmp/2.out" || fail "no closing line (2)"

# Night 3 --keep-baseline --strict: judged against night 2's copy, which stays; exit 3.
night 3 --keep-baseline --strict
rc3=$?
[ $rc3 -eq 3 ] || fail "third night (--strict, every cell inconclusive) exited $rc3"
grep -q "^nightly: against baseline $revision ($host_dir/$second)" "$tmp/3.out" ||
  fail "third night did not use night 2's baseline"
files="$(base_files 3)"
[ -n "$files" ] || fail "night 3 ran no @base cell"
grep -qv "^$host_dir/$second/" <<<"$files" && fail "night 3 loaded a file outside $second: $files"
[ "$(folder)" = "$second" ] || fail "--keep-baseline advanced the baseline"
grep -q "baseline advanced" "$tmp/3.out" && fail "--keep-baseline said it advanced"
echo "nightly end to end: ok (baseline $first, then $second)"
