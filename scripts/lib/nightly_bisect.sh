# scripts/nightly's way to the commit behind a regression: for each plugin a config's A/B
# convicted, the scripts/bisect command line from the base build's commit to tonight's
# (printed; --bisect runs them). Sourced by scripts/nightly, which provides ROOT, log,
# runner and store, and sets BISECT_GOOD and BISECT_BAD (commits, or empty when a side has
# none: a dirty tree, a baseline copied from one).

bisect_commands=()

# bisect_note CONFIG PLUGIN: a regression of PLUGIN's cells in CONFIG, to bisect.
bisect_note() {
  bisect_commands+=("$1"$'\t'"$2")
}

# The command line for one noted regression, quoted for a shell.
bisect_command_line() {
  local config="${1%%$'\t'*}" plugin="${1#*$'\t'}"
  printf 'scripts/bisect --good %q --bad %q %q --cells %q\n' \
    "$BISECT_GOOD" "$BISECT_BAD" "$config" "$plugin"
}

# Prints the command line of each noted regression, or why there is none to print.
bisect_print() {
  [ ${#bisect_commands[@]} -eq 0 ] && return 0
  if [ -z "$BISECT_GOOD" ] || [ -z "$BISECT_BAD" ]; then
    printf 'nightly: no bisect command: %s\n' \
      "the base build or tonight's has no commit (a dirty tree, or a baseline without one)"
    return 0
  fi
  local entry
  for entry in "${bisect_commands[@]}"; do
    printf 'nightly: bisect: %s\n' "$(bisect_command_line "$entry")"
  done
}

# Runs each noted regression's bisect (--bisect), with tonight's runner and store; returns
# non-zero when one could not run (exit 2).
bisect_run() {
  [ ${#bisect_commands[@]} -eq 0 ] || [ -z "$BISECT_GOOD" ] || [ -z "$BISECT_BAD" ] && return 0
  local entry config plugin rc failed=0
  for entry in "${bisect_commands[@]}"; do
    config="${entry%%$'\t'*}" plugin="${entry#*$'\t'}"
    log "bisecting $plugin in $config: $BISECT_GOOD -> $BISECT_BAD"
    "${BISECT_SCRIPT:-$ROOT/scripts/bisect}" --runner "$runner" --store "$store" \
      --good "$BISECT_GOOD" --bad "$BISECT_BAD" "$config" --cells "$plugin"
    rc=$?
    [ $rc -eq 2 ] && failed=1
  done
  return $failed
}
