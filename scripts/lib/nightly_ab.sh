# The A/B of two builds in one run, for scripts/nightly: against REV (--ab REV) or against
# the nightly's own baseline (scripts/lib/nightly_baseline.sh). REV's plugins are built in a
# git worktree of their own (build/ab-<commit>/src, built in build/ab-<commit>/build with the
# release preset's settings); a baseline's are a copy kept per host. Each nightly config then
# runs with every plugin twice, today's and the base's (`<plugin>@base`, a variant by path),
# interleaved round by round: the machine's drift between nights cannot pass for a
# regression, because both sides share every minute of it. Sourced by scripts/nightly, which
# provides ROOT, log, runner, out, threshold and the regression / error / inconclusive flags
# this file sets.

# Builds REV's plugins (once per commit: a later night reuses the worktree and the build) and
# sets AB_PLUGIN_DIR to the folder of its .so files. Returns non-zero on any failure.
ab_build() {
  local rev="$1" sha
  if ! sha="$(git -C "$ROOT" rev-parse --verify --quiet "$rev^{commit}")"; then
    log "--ab $rev: not a commit of this repository"
    return 1
  fi
  local base="$ROOT/build/ab-${sha:0:12}"
  local src="$base/src" dir="$base/build"
  if [ ! -e "$src/.git" ]; then
    log "--ab: checking out $rev ($sha) in $src"
    git -C "$ROOT" worktree add --detach "$src" "$sha" >&2 || return 1
  fi
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    log "--ab: configuring $dir (the release preset's settings)"
    # A commit's build shares most objects with the build of its neighbours: ccache, where
    # the machine has it, turns the base's build into mostly cache hits.
    local launcher=()
    command -v ccache >/dev/null &&
      launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" \
      >/dev/null || return 1
  fi
  log "--ab: building $rev's plugins in $dir"
  cmake --build "$dir" --parallel "$(nproc)" --target all_plugins >&2 || return 1
  AB_PLUGIN_DIR="$dir/plugins"
  if ! compgen -G "$AB_PLUGIN_DIR/*.so" >/dev/null; then
    log "--ab: no plugin built in $AB_PLUGIN_DIR"
    return 1
  fi
}

# ab_run_config CONFIG [STORE]: runs one config as an A/B (its plugins and the base's, from
# AB_PLUGIN_DIR) into $out/<name>, then `runner compare --plugins P@base,P` for each plugin,
# printed and kept as compare-P.txt, and as compare-P.json for the night's counts. STORE: the
# history store the run goes to (the nightly against its baseline: the config's series goes
# on, @base cells beside); none: not stored (--ab REV: a one-off A/B is not the history).
ab_run_config() {
  local config="$1" store_to="${2:-}"
  local name dir ab_config pairs store_args=(--no-store)
  [ -n "$store_to" ] && store_args=(--store "$store_to")
  name="$(basename "$config" .toml)"
  dir="$out/$name"
  mkdir -p "$out"
  ab_config="$out/$name.ab.toml"
  if ! "$runner" plugins --plugin-path "$AB_PLUGIN_DIR" --json >"$out/$name.ab-plugins.json" ||
    ! pairs="$(python3 "$ROOT/scripts/lib/ab_config.py" "$config" "$out/$name.ab-plugins.json" \
      "$AB_PLUGIN_DIR" "$ab_config")"; then
    log "$name: cannot set up the A/B"
    error=1
    return
  fi
  log "running $config with the base revision's plugins ($ab_config)"
  "$runner" run "$ab_config" "${store_args[@]}" --out "$dir" >"$out/$name.run.txt"
  local rc=$?
  case $rc in
    0) ;;
    1) log "$name: some cells failed (see $dir/summary.md)" ;;
    130) log "interrupted"; exit 130 ;;
    *) log "$name: runner run exited $rc"; cat "$out/$name.run.txt" >&2; error=1; return ;;
  esac
  dirs+=("$dir")
  local base_name plugin
  while read -r base_name plugin; do
    printf '\n== %s: %s -> %s ==\n' "$name" "$base_name" "$plugin"
    "$runner" compare --plugins "$base_name,$plugin" "$dir" "${threshold[@]}" |
      tee "$dir/compare-$plugin.txt"
    rc=${PIPESTATUS[0]}
    case $rc in
      0) ;;
      1)
        regression=1
        # scripts/nightly prints (or, with --bisect, runs) the bisect of each regression.
        declare -F bisect_note >/dev/null && bisect_note "$config" "$plugin"
        ;;
      3) inconclusive=1 ;;
      *) log "$name: compare --plugins $base_name,$plugin exited $rc"; error=1; continue ;;
    esac
    # The same verdicts as JSON, for the night's counts (the table is for people).
    "$runner" compare --plugins "$base_name,$plugin" "$dir" "${threshold[@]}" --format json \
      >"$dir/compare-$plugin.json"
    [ $? -eq "$rc" ] || log "$name: compare --plugins $base_name,$plugin --format json differed"
  done <<<"$pairs"
}
