# Shared set-up for scripts/runner and scripts/test: install the Debian packages that are
# missing (and only those), then configure and build a preset incrementally.
# Sourced, not run.

REACTORBENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Debian 12 packages the build, the tests and the plots need (postgresql: the store tests'
# throwaway server, tests/support/postgres_server.h; python3-yaml: the tests read
# examples/fleet's manifests).
REACTORBENCH_PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libboost-dev libtomlplusplus-dev libevent-dev libgtest-dev libgmock-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libssl-dev libsqlite3-dev libpq-dev
  libev-dev libuv1-dev liburing-dev apache2-utils wrk
  python3 python3-matplotlib python3-yaml strace
  postgresql
)

rb_log() { printf '[reactorbench] %s\n' "$*" >&2; }

# rb_ensure_packages [EXTRA_PACKAGE...]: the packages above plus the extras a script needs
# (scripts/fuzz-config needs clang for libFuzzer).
rb_ensure_packages() {
  local missing=() pkg
  for pkg in "${REACTORBENCH_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' \
      || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  rb_log "installing missing packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# rb_build PRESET [TARGET...]: configure once (or when the cache is gone), then build
# incrementally: everything, or only the targets named.
rb_build() {
  local preset="$1"
  shift
  local targets=()
  [ $# -gt 0 ] && targets=(--target "$@")
  local dir="$REACTORBENCH_ROOT/build/$preset"
  if [ ! -f "$dir/CMakeCache.txt" ] || [ ! -f "$dir/build.ninja" ]; then
    rb_log "configuring preset $preset"
    # ccache, when the machine has it, makes a rebuild after a branch switch or a clean clone
    # of the same sources a matter of seconds; the launcher is cached by the configure.
    if command -v ccache >/dev/null; then
      export CMAKE_C_COMPILER_LAUNCHER="${CMAKE_C_COMPILER_LAUNCHER:-ccache}"
      export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
    fi
    cmake --preset "$preset" -S "$REACTORBENCH_ROOT" >/dev/null
  fi
  # Build output goes to stderr so the runner's stdout stays its own.
  cmake --build "$dir" --parallel "$(nproc)" "${targets[@]}" >&2
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
  local name
  "$dir/bin/runner" __plugins-of "${configs[@]}" 2>/dev/null | while read -r name; do
    # A plugin's target is its name with '_' for '-' (raw-epoll -> raw_epoll.so); names
    # that are no target of this tree (a third-party plugin on --plugin-path) build nothing.
    grep -qx "${name//-/_}" "$dir/plugin_targets.txt" && echo "${name//-/_}"
  done
  return 0
}
