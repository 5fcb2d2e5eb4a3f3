#!/usr/bin/python3
"""scripts/bisect end to end on throwaway histories of a fixture plugin repository (built
against this tree's SDK): 16 commits, one of which adds a system call per event to the flower
read callback (judged by kernel counts) and, in a second history, one that adds ~10% of
compute per event (judged by timings, in lockstep pairs), each with a commit that does not
build where the search must step around it. Asserts the culprit named both times, the
skipped commit named, every A/B stored as one group in the history, bisect.json, and the
HTML report of a step's run showing the path; foreign text escaped; never a duration.

    bisect_proof_test.py SOURCE_DIR RUNNER
"""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fixture_history  # noqa: E402

# (change, culprit, broken, config): the broken commit is the first midpoint or the second,
# so each search must skip it.
CASES = [("syscall", 11, 8, "fixture-counts.toml"), ("compute", 6, 4, "fixture-flower.toml")]


def bisect(source, runner, repo, commits, config, out, store):
    args = [os.path.join(source, "scripts", "bisect"), "--runner", runner, "--store", store,
            "--repo", repo, "--good", commits[0], "--bad", commits[-1],
            f"--cmake-arg=-DRB_SOURCE_DIR={source}", "--out", out,
            os.path.join(HERE, config)]
    return subprocess.run(args, capture_output=True, text=True)


def check_case(failures, source, runner, root, change, culprit, broken, config):
    repo = os.path.join(root, change)
    commits = fixture_history.make_history(repo, source, culprit, change, broken)
    out, store = os.path.join(root, change + "-out"), os.path.join(root, "history.db")
    done = bisect(source, runner, repo, commits, config, out, store)
    print(done.stdout)
    what = f"{change} (culprit {culprit}, broken {broken})"
    if done.returncode != 0:
        failures.append(f"{what}: exited {done.returncode}: {done.stderr[-2000:]}")
        return
    expected = f"culprit: {commits[culprit][:12]} ({culprit} of 16)"
    if expected not in done.stdout:
        failures.append(f"{what}: no line {expected!r}")
    skipped = f"skipped: {commits[broken][:12]} \"commit {broken}: does not build\": " \
              f"does not build: "
    if skipped not in done.stdout:
        failures.append(f"{what}: no line {skipped!r}")
    with open(os.path.join(out, "bisect.json"), encoding="utf-8") as f:
        data = json.load(f)
    if data["candidates"] != [commits[culprit]] or data["conclusion"] != "culprit":
        failures.append(f"{what}: bisect.json says {data['conclusion']} {data['candidates']}")
    if [s["commit"] for s in data["skipped"]] != [commits[broken]]:
        failures.append(f"{what}: bisect.json skipped {data['skipped']}")
    if "\x1b" in done.stdout or "notes \\x1B[2J<b>" not in done.stdout:
        failures.append(f"{what}: a commit subject's ESC reached the terminal unescaped")
    check_report(failures, what, runner, data, os.path.join(root, change + "-report"))
    with sqlite3.connect(store) as db:
        stored = db.execute("SELECT count(*) FROM runs WHERE run_group = ?",
                            (data["group"],)).fetchone()[0]
    if stored != sum(len(run["run_dirs"]) for run in data["runs"]):
        failures.append(f"{what}: {stored} runs stored in group {data['group']}, "
                        f"{len(data['runs'])} A/B runs made")


def check_report(failures, what, runner, data, html):
    """`runner report` of the last step's run shows the bisect's path, escaped."""
    last = data["runs"][-1]["run_dirs"][0]
    done = subprocess.run([runner, "report", last, "--html", html, "--no-plots"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        failures.append(f"{what}: runner report exited {done.returncode}: {done.stderr}")
        return
    with open(os.path.join(html, "report.html"), encoding="utf-8") as f:
        page = f.read()
    for step in data["steps"]:
        if f"<td><code>{step['commit'][:12]}</code></td>" not in page:
            failures.append(f"{what}: the report has no row for step {step['commit'][:12]}")
    if "<h3>Bisect</h3>" not in page or "culprit: " not in page:
        failures.append(f"{what}: the report has no Bisect part with the culprit")
    if "<b>" in page or "&lt;b&gt;" not in page:
        failures.append(f"{what}: a commit subject's markup reached the report unescaped")


def check_out_refused(failures, source, runner, root):
    """An --out that holds files already is refused before anything is built."""
    taken = os.path.join(root, "taken")
    os.makedirs(taken)
    with open(os.path.join(taken, "bisect.json"), "w", encoding="utf-8") as f:
        f.write("{}")
    done = bisect(source, runner, source, ["HEAD~1", "HEAD"], "fixture-flower.toml", taken,
                  os.path.join(root, "unused.db"))
    if done.returncode != 2 or f"--out {taken}: exists and is not an empty folder" not in \
            done.stderr:
        failures.append(f"a used --out: exited {done.returncode}: {done.stderr}")


def main(source, runner):
    failures = []
    with tempfile.TemporaryDirectory(prefix="rb-bisect-") as root:
        check_out_refused(failures, source, runner, root)
        for case in CASES:
            check_case(failures, source, runner, root, *case)
    for failure in failures:
        print("FAIL:", failure)
    print("FAILED" if failures else "PASSED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
