# Shared set-up for scripts/runner and scripts/test: install the Debian packages that are
# missing (and only those), then configure and build a preset incrementally.
# Sourced, not run.

REACTORBENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Debian 12 packages, in three sets. What building the runner and its plugins needs: all that
# scripts/runner installs for a run (a first result should not wait for the test tools).
REACTORBENCH_BUILD_PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libboost-dev libtomlplusplus-dev libevent-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libssl-dev libsqlite3-dev libpq-dev
  libev-dev libuv1-dev liburing-dev python3
  ccache
)
# What `runner report` needs for its plots (scripts/plot.py).
REACTORBENCH_PLOT_PACKAGES=(python3-matplotlib)
# What the tests' build needs besides (GoogleTest), and what only running them needs: the store
# tests' throwaway PostgreSQL server (tests/support/postgres_server.h), examples/fleet's
# manifests read by the tests (python3-yaml), real HTTP clients for `runner serve` (ab, wrk),
# and the readers the exports are checked against: Google Benchmark's tools/compare.py
# (libbenchmark-tools; its gbench package needs scipy).
REACTORBENCH_TEST_BUILD_PACKAGES=(libgtest-dev libgmock-dev)
REACTORBENCH_TEST_TOOL_PACKAGES=(postgresql python3-yaml apache2-utils wrk libbenchmark-tools
  python3-scipy)
# What only the report's browser test needs (tests/integration/compare/report_cli_test.cpp):
# headless Chromium renders the page. scripts/test installs it, nothing else does.
REACTORBENCH_BROWSER_PACKAGES=(chromium)
REACTORBENCH_PACKAGES=(
  "${REACTORBENCH_BUILD_PACKAGES[@]}" "${REACTORBENCH_TEST_BUILD_PACKAGES[@]}"
  "${REACTORBENCH_PLOT_PACKAGES[@]}" "${REACTORBENCH_TEST_TOOL_PACKAGES[@]}"
)

rb_log() { printf '[reactorbench] %s\n' "$*" >&2; }

rb_has_package() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# rb_ensure_packages [EXTRA_PACKAGE...]: every package above plus the extras a script needs
# (scripts/fuzz-config needs clang for libFuzzer).
rb_ensure_packages() {
  rb_install_missing "${REACTORBENCH_PACKAGES[@]}" "$@"
}

# rb_install_missing PACKAGE...: installs those of them that are not installed, nothing else.
rb_install_missing() {
  local missing=() pkg
  for pkg in "$@"; do
    rb_has_package "$pkg" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  rb_log "installing missing packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# rb_configure PRESET: configure once (or when the cache is gone); with RB_BUILD_TESTS=1, turn
# the tests on in a tree configured without them.
rb_configure() {
  local preset="$1"
  local dir="$REACTORBENCH_ROOT/build/$preset"
  if [ ! -f "$dir/CMakeCache.txt" ] || [ ! -f "$dir/build.ninja" ]; then
    rb_log "configuring preset $preset"
    # ccache, when the machine has it, makes a rebuild after a branch switch or a clean clone
    # of the same sources a matter of seconds; the launcher is cached by the configure.
    if command -v ccache >/dev/null; then
      export CMAKE_C_COMPILER_LAUNCHER="${CMAKE_C_COMPILER_LAUNCHER:-ccache}"
      export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
    fi
    # The tests are configured when GoogleTest is there (scripts/test installs it first);
    # scripts/runner's first build does not wait for it.
    local testing=OFF
    rb_has_package libgtest-dev && testing=ON
    cmake --preset "$preset" -S "$REACTORBENCH_ROOT" -DBUILD_TESTING="$testing" >/dev/null
  elif [ "${RB_BUILD_TESTS:-0}" = 1 ] && grep -q '^BUILD_TESTING:BOOL=OFF$' "$dir/CMakeCache.txt"; then
    rb_log "configuring preset $preset with the tests"
    cmake "$dir" -DBUILD_TESTING=ON >/dev/null
  fi
}

# rb_build PRESET [TARGET...]: configure if needed, then build incrementally: everything, or
# only the targets named.
rb_build() {
  local preset="$1"
  shift
  local targets=()
  [ $# -gt 0 ] && targets=(--target "$@")
  rb_configure "$preset"
  # Build output goes to stderr so the runner's stdout stays its own.
  cmake --build "$REACTORBENCH_ROOT/build/$preset" --parallel "$(nproc)" "${targets[@]}" >&2
}

# rb_runner_plugin_targets PRESET RUNNER_ARG...: the plugin targets a runner command line
# needs, one per line. A config (`run CONFIG`, `CONFIG`) needs the plugins it names, which the
# built runner reads from it without loading any (`runner __plugins-of`); validate, serve and
# plugins need every plugin; the commands that read results need none. A config with an error
# needs none: the runner reports the error when it runs.
rb_runner_plugin_targets() {
  local dir="$REACTORBENCH_ROOT/build/$1"
  shift
  local configs=() arg
  for arg in "$@"; do
    case "$arg" in *.toml) [ -f "$arg" ] && configs+=("$arg") ;; esac
  done
  case "${1:-}" in
    validate | serve | plugins) echo all_plugins; return 0 ;;
  esac
  [ ${#configs[@]} -eq 0 ] && return 0
  local name names
  names=$("$dir/bin/runner" __plugins-of "${configs[@]}" 2>/dev/null) || return 0
  # plugin_targets.txt has a line "plugin-name target" for each of this tree's plugins (CMake
  # writes it); a name it lacks (a third-party plugin on --plugin-path) may need any of them.
  local table="$dir/plugin_targets.txt" target targets=()
  for name in $names; do
    target=$(awk -v name="$name" '$1 == name { print $2; exit }' "$table" 2>/dev/null)
    [ -n "$target" ] || { echo all_plugins; return 0; }
    targets+=("$target")
  done
  [ ${#targets[@]} -eq 0 ] || printf '%s\n' "${targets[@]}" | awk '!seen[$0]++'
  return 0
}
