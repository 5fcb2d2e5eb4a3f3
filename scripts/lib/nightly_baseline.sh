# scripts/nightly's baseline: the build the nightly last judged on this host, which tonight's
# build is judged against in one interleaved run (nightly_ab.sh). Sourced by scripts/nightly,
# which provides ROOT, log, runner and BASELINE_ROOT (and nightly_ab.sh's ab_build).
#
# Per host (plugins built on another machine are not this machine's baseline), in
# $BASELINE_ROOT/<host>/:
#   current               revision=, commit=, recorded=, folder=: the baseline now
#   <revision>-<UTC time>/  a copy of every plugin .so the runner found, and its plugins.json
# A copy rather than a path into the build tree, because tonight's build overwrites
# build/release/plugins, and rather than a rebuild, because a copy costs nothing and a dirty
# tree has no commit to rebuild. When the copy is gone but `current` names a commit, the
# commit is built once by --ab's worktree route instead.

baseline_host_dir() { printf '%s/%s' "$BASELINE_ROOT" "$(uname -n)"; }

baseline_field() {  # baseline_field FILE KEY: the value of KEY= in FILE
  sed -n "s/^$2=//p" "$1" | head -n 1
}

# The revision tonight's runner was built from, as it reports it (`runner --version` ends in
# "(git <rev>)", "-dirty" when the tree had changes); "unknown" outside git.
runner_revision() {
  local rev
  rev="$("$runner" --version 2>/dev/null | sed -n 's/.*(git \([^)]*\)).*/\1/p')"
  printf '%s' "${rev:-unknown}"
}

# Sets AB_PLUGIN_DIR to the baseline's plugins and BASELINE_REV to its revision; returns 1
# when this host has none yet (the first night), or none that can be found or built.
baseline_find() {
  local host_dir current folder commit
  host_dir="$(baseline_host_dir)"
  current="$host_dir/current"
  [ -f "$current" ] || return 1
  BASELINE_REV="$(baseline_field "$current" revision)"
  folder="$(baseline_field "$current" folder)"
  commit="$(baseline_field "$current" commit)"
  if [ -n "$folder" ] && compgen -G "$host_dir/$folder/*.so" >/dev/null; then
    AB_PLUGIN_DIR="$host_dir/$folder"
    return 0
  fi
  if [ -n "$commit" ]; then
    log "baseline $BASELINE_REV: its copy of the plugins is gone; building commit $commit"
    ab_build "$commit" && return 0
  fi
  log "baseline: $current names no plugins that exist and no commit to build"
  return 1
}

# Records tonight's build as the baseline: its plugins copied into a new folder, then
# `current` replaced by a rename (an interrupted night leaves the old baseline whole), then
# the folders `current` no longer names removed.
baseline_record() {
  local host_dir rev commit="" folder
  host_dir="$(baseline_host_dir)"
  rev="$(runner_revision)"
  case "$rev" in
    *-dirty | unknown) ;;  # no commit holds this build's sources
    *) commit="$(git -C "$ROOT" rev-parse --verify --quiet "$rev^{commit}" 2>/dev/null)" ;;
  esac
  folder="$rev-$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$host_dir/$folder" || return 1
  "$runner" plugins --json >"$host_dir/$folder/plugins.json" || return 1
  local file copied=0
  while IFS= read -r file; do
    cp -p "$file" "$host_dir/$folder/" || return 1
    copied=$((copied + 1))
  done < <(python3 -c 'import json, sys
for plugin in json.load(open(sys.argv[1])).get("plugins", []):
    print(plugin["path"])' "$host_dir/$folder/plugins.json")
  if [ "$copied" -eq 0 ]; then
    log "baseline: the runner found no plugin to keep"
    rm -rf "${host_dir:?}/$folder"
    return 1
  fi
  printf 'revision=%s\ncommit=%s\nrecorded=%s\nfolder=%s\n' "$rev" "$commit" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$folder" >"$host_dir/current.tmp" &&
    mv -f "$host_dir/current.tmp" "$host_dir/current" || return 1
  local old
  for old in "$host_dir"/*/; do
    old="${old%/}"
    [ "$(basename "$old")" = "$folder" ] || rm -rf "$old"
  done
  BASELINE_REV="$rev"
  log "baseline: $rev ($copied plugins) in $host_dir/$folder"
}
