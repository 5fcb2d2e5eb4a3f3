"""A throwaway git history of a small out-of-tree plugin repository for scripts/bisect's
proof test: the example plugin (examples/third_party_plugin), built against this tree's SDK
(its header and its plugin rules, no install), then 16 commits, one of them a known slowdown
in the flower read callback, one that does not build (fixed by the next), the others harmless
(their subjects carry an ESC sequence and markup, which the bisect's output must escape).

    make_history(dest, source_dir, culprit, change, broken) -> [commit shas, good first]

change: "syscall" (one extra getppid(2) per event) or "compute" (~10% more CPU per event).
Python 3 standard library only.
"""

import os
import shutil
import subprocess

COMMITS = 16

CMAKE = """cmake_minimum_required(VERSION 3.20)
project(bisect_fixture LANGUAGES C)
# The reactorbench tree whose SDK it builds against: its header and reactorbench_add_plugin.
include(${RB_SOURCE_DIR}/cmake/ReactorBenchPlugin.cmake)
reactorbench_add_plugin(example_poll SOURCES example_poll.c)
target_include_directories(example_poll PRIVATE ${RB_SOURCE_DIR}/core/include)
target_compile_options(example_poll PRIVATE -Wall -Wextra)
add_custom_target(all_plugins DEPENDS example_poll)
"""

CALLBACK_ANCHOR = "  f->count++;\n  f->reads++;\n"
SYSCALL = CALLBACK_ANCHOR + "  (void)syscall(SYS_getppid); /* the slowdown: a syscall an event */\n"
# ~10% of an event's time on this fixture (poll over 100 fds): a loop the compiler must keep.
COMPUTE = CALLBACK_ANCHOR + (
    "  for (volatile unsigned spin = 0; spin < 300; ++spin) {\n"
    "  } /* the slowdown: compute an event */\n")
BROKEN = ("  f->count++;\n", "  f->count++\n")


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True)


def sha(repo):
    return subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


def commit(repo, message):
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=fixture", "-c", "user.email=fixture@example.invalid",
        "commit", "-q", "-m", message)
    return sha(repo)


def edit(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if old not in text:
        raise RuntimeError(f"{path}: no {old!r} to replace")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def make_history(dest, source_dir, culprit, change, broken):
    os.makedirs(dest)
    git(dest, "init", "-q", "-b", "main")
    example = os.path.join(source_dir, "examples", "third_party_plugin", "example_poll.c")
    plugin = os.path.join(dest, "example_poll.c")
    shutil.copy(example, plugin)
    edit(plugin, "#include <unistd.h>\n", "#include <sys/syscall.h>\n#include <unistd.h>\n")
    with open(os.path.join(dest, "CMakeLists.txt"), "w", encoding="utf-8") as f:
        f.write(CMAKE)
    with open(os.path.join(dest, ".gitignore"), "w", encoding="utf-8") as f:
        f.write("build/\n")
    notes = os.path.join(dest, "NOTES")
    with open(notes, "w", encoding="utf-8") as f:
        f.write("fixture history\n")
    commits = [commit(dest, "the example plugin")]
    for position in range(1, COMMITS + 1):
        if position == culprit:
            edit(plugin, CALLBACK_ANCHOR, SYSCALL if change == "syscall" else COMPUTE)
            message = f"commit {position}: the read callback does more ({change})"
        elif position == broken:
            edit(plugin, *BROKEN)
            message = f"commit {position}: does not build"
        elif position == broken + 1:
            edit(plugin, BROKEN[1], BROKEN[0])
            message = f"commit {position}: builds again"
        else:
            with open(notes, "a", encoding="utf-8") as f:
                f.write(f"commit {position}\n")
            # Foreign text the bisect must show escaped: on a terminal and in the report.
            message = f"commit {position}: notes \x1b[2J<b>"
        commits.append(commit(dest, message))
    return commits
