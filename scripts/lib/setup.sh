# Shared set-up for scripts/runner and scripts/test: install the Debian packages that are
# missing (and only those), then configure and build a preset incrementally.
# Sourced, not run.

REACTORBENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Debian 12 packages the build, the tests and the plots need.
REACTORBENCH_PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libboost-dev libtomlplusplus-dev libevent-dev libgtest-dev libgmock-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libssl-dev libsqlite3-dev
  libev-dev libuv1-dev liburing-dev apache2-utils wrk
  python3 python3-matplotlib strace
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
    cmake --preset "$preset" -S "$REACTORBENCH_ROOT" >/dev/null
  fi
  # Build output goes to stderr so the runner's stdout stays its own.
  cmake --build "$dir" --parallel "$(nproc)" "${targets[@]}" >&2
}
