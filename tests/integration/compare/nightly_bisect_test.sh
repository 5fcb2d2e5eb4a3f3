#!/usr/bin/env bash
# scripts/nightly's bisect lines (scripts/lib/nightly_bisect.sh) with a stand-in runner whose
# compare convicts raw-epoll: ab_run_config notes the regression, bisect_print prints the
# scripts/bisect command from the base commit to tonight's (quoted), none when a side has no
# commit, and bisect_run (--bisect) runs it with tonight's runner and store.
#   nightly_bisect_test.sh SOURCE_DIR
set -uo pipefail
ROOT="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$tmp/rev"
: >"$tmp/rev/raw_epoll.so"
cat >"$tmp/runner" <<RUNNER_STAND_IN
#!/usr/bin/env bash
case "\$1" in
  plugins) echo '{"plugins": [{"name": "raw-epoll", "path": "$tmp/rev/raw_epoll.so"}]}' ;;
  run) exit 0 ;;
  compare) echo "raw-epoll: slower"; exit 1 ;;
esac
RUNNER_STAND_IN
cat >"$tmp/bisect" <<'BISECT_STAND_IN'
#!/usr/bin/env bash
printf '%s\n' "$@" >"$(dirname "$0")/bisect-args"
BISECT_STAND_IN
chmod +x "$tmp/runner" "$tmp/bisect"
printf 'workload = "flower"\nplugins = ["raw-epoll"]\n' >"$tmp/my night.toml"

runner="$tmp/runner" out="$tmp/out" store="$tmp/history.db" threshold=() dirs=()
regression=0 error=0 inconclusive=0
log() { printf '[nightly] %s\n' "$*" >&2; }
source "$ROOT/scripts/lib/nightly_ab.sh"
source "$ROOT/scripts/lib/nightly_bisect.sh"
AB_PLUGIN_DIR="$tmp/rev"
ab_run_config "$tmp/my night.toml" >/dev/null 2>"$tmp/err" || fail "ab_run_config: $(cat "$tmp/err")"
[ $regression -eq 1 ] || fail "the stand-in compare's exit 1 was no regression"

BISECT_GOOD="" BISECT_BAD="bbbb"
[ "$(bisect_print)" = "nightly: no bisect command: the base build or tonight's has no commit (a dirty tree, or a baseline without one)" ] ||
  fail "without a base commit: $(bisect_print)"

BISECT_GOOD="aaaa"
expected="nightly: bisect: scripts/bisect --good aaaa --bad bbbb $tmp/my\\ night.toml --cells raw-epoll"
[ "$(bisect_print)" = "$expected" ] || fail "printed '$(bisect_print)', expected '$expected'"

BISECT_SCRIPT="$tmp/bisect" bisect_run 2>/dev/null || fail "bisect_run failed"
[ "$(tr '\n' ' ' <"$tmp/bisect-args")" = "--runner $tmp/runner --store $tmp/history.db --good aaaa --bad bbbb $tmp/my night.toml --cells raw-epoll " ] ||
  fail "bisect ran with: $(cat "$tmp/bisect-args")"
echo PASSED
