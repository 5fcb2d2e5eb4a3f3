#!/usr/bin/env bash
# One revision's plugins for scripts/bisect, by scripts/nightly --ab's route: the commit
# checked out in a git worktree of its own (WORK/ab-<commit>/src), configured with the release
# preset's settings and built there (WORK/ab-<commit>/build), ccache where present. Kept, so a
# second bisect over the same commits (or the nightly's --ab) only rebuilds what changed.
#
#   bisect_build.sh REPO COMMIT WORK TARGETS [CMAKE_ARG...]
#
# TARGETS: comma-separated build targets (all_plugins for this repository). Prints the folder
# of the built .so files (WORK/ab-<commit>/build/plugins, else the build folder itself) on
# stdout; the build's own output goes to stderr. Exits 1 when the commit does not build.
set -uo pipefail

repo="$1" commit="$2" work="$3" targets="$4"
shift 4
base="$work/ab-${commit:0:12}"
src="$base/src" dir="$base/build"
if [ ! -e "$src/.git" ]; then
  git -C "$repo" worktree add --detach "$src" "$commit" >&2 || exit 1
fi
# A folder left by something else is not this commit's tree: never build what it holds.
head="$(git -C "$src" rev-parse --verify --quiet HEAD 2>/dev/null)"
if [ "$head" != "$commit" ]; then
  echo "$src: holds ${head:-no git checkout}, not $commit: remove it and run again" >&2
  exit 1
fi
# Every revision's tree lies at the same depth under its own base: ccache sees the same
# relative paths, so a neighbour's objects are hits (-g would otherwise hash the directory).
export CCACHE_BASEDIR="$base" CCACHE_NOHASHDIR=1
if [ ! -f "$dir/CMakeCache.txt" ]; then
  launcher=()
  command -v ccache >/dev/null &&
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" "$@" \
    >&2 || exit 1
fi
IFS=, read -r -a target_list <<<"$targets"
cmake --build "$dir" --parallel "$(nproc)" --target "${target_list[@]}" >&2 || exit 1
plugins="$dir/plugins"
[ -d "$plugins" ] || plugins="$dir"
if ! compgen -G "$plugins/*.so" >/dev/null; then
  echo "no plugin built in $plugins" >&2
  exit 1
fi
printf '%s\n' "$plugins"
