#!/usr/bin/env python3
"""`scripts/bisect`'s driver (the script sets up and builds the runner, then runs this):
from a good and a bad revision to the commit that made the config's cells slower.

    bisect_main.py --runner PATH --good REV --bad REV CONFIG [--repo DIR] [--cells FILTER]
                   [--metric M] [--threshold 5%] [--budget DURATION] [--targets T,...]
                   [--cmake-arg ARG]... [--work DIR] [--out DIR] [--store DB | --no-store]

First the bad revision against the good one, the whole config (or --cells): the cells that
regressed (grown kernel counts, else slower timings) are the focus of every later step, and
when nothing regressed the bisect ends there ("no culprit"). Then each step builds the
probed commit (a commit that does not build is skipped and named) and runs it against the
good side as an interleaved, paired A/B of the focus cells only; a step still inconclusive
after its budget asks the bad side too. The first bad commit's own change (against its
parent) is then set against the whole: under half of it is "several small steps".
Exit: 0 one culprit, 3 no single culprit (nothing regressed, candidates the data cannot
separate, or several small steps), 2 an error. Python 3 standard library only.
"""

import argparse
import json
import os
import subprocess
import sys
import time
import tomllib

import bisect_judge as judge
import bisect_report as report
import bisect_search as bs
import bisect_step as step
from printable import printable

HERE = os.path.dirname(os.path.abspath(__file__))


def parse_args(argv):
    p = argparse.ArgumentParser(prog="scripts/bisect", add_help=True)
    p.add_argument("config")
    p.add_argument("--runner", required=True)
    p.add_argument("--good", required=True)
    p.add_argument("--bad", required=True)
    p.add_argument("--repo", default=os.path.dirname(os.path.dirname(HERE)))
    p.add_argument("--cells", default="")
    p.add_argument("--metric", default="")
    p.add_argument("--threshold", default="")
    p.add_argument("--budget", default="2m")
    p.add_argument("--targets", default="all_plugins")
    p.add_argument("--cmake-arg", action="append", default=[])
    p.add_argument("--work", default="")
    p.add_argument("--out", default="")
    p.add_argument("--store", default="")
    p.add_argument("--no-store", action="store_true")
    return p.parse_args(argv)


def seconds_of(duration):
    units = {"s": 1, "m": 60, "h": 3600}
    text = duration.strip()
    if text == "0":
        return 0.0
    if len(text) < 2 or text[-1] not in units:
        raise ValueError(f"--budget {duration!r}: a duration is a number and s, m or h (90s, 2m)")
    return float(text[:-1]) * units[text[-1]]


def git(repo, *args):
    done = subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} in {repo}: {done.stderr.strip()}")
    return done.stdout.strip()


def history(repo, good, bad):
    """[good, ..., bad]: the first-parent commits from good (excluded) to bad, good first."""
    good_sha = git(repo, "rev-parse", "--verify", good + "^{commit}")
    bad_sha = git(repo, "rev-parse", "--verify", bad + "^{commit}")
    if subprocess.run(["git", "-C", repo, "merge-base", "--is-ancestor", good_sha,
                       bad_sha]).returncode != 0:
        raise RuntimeError(f"--good {good} ({good_sha[:12]}) is not an ancestor of --bad {bad}")
    between = git(repo, "rev-list", "--reverse", "--first-parent", f"{good_sha}..{bad_sha}")
    return [good_sha] + between.split()


def cell_filter(config_path, cells):
    """--cells FILTER as the runner's words: plugin names, and AXIS=V terms as --set."""
    with open(config_path, "rb") as f:
        config = tomllib.load(f)
    plugins, sets = [], []
    for term in cells.split():
        if "=" in term:
            sets.append(term)
        else:
            plugins.append(term)
    named = config.get("plugins", [])
    for plugin in plugins:
        if plugin not in named:
            raise RuntimeError(f"--cells: {plugin!r} is not a plugin of {config_path} "
                               f"({', '.join(named)})")
    return plugins or list(named), sets


class Bisect:
    def __init__(self, args, commits, settings):
        self.args, self.commits, self.settings = args, commits, settings
        self.built = {}  # index -> plugin folder, or None with the reason in self.why
        self.why = {}
        self.runs = []  # every A/B: dict for bisect.json
        self.focus = None

    def subject(self, index):
        return git(self.args.repo, "log", "-1", "--format=%s", self.commits[index])

    def build(self, index):
        if index in self.built:
            return self.built[index]
        sha = self.commits[index]
        log_path = os.path.join(self.args.out, "builds", sha[:12] + ".log")
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        step.debug(f"building {sha[:12]} ({index} of {len(self.commits) - 1})")
        with open(log_path, "w", encoding="utf-8") as log:
            done = subprocess.run(
                ["bash", os.path.join(HERE, "bisect_build.sh"), self.args.repo, sha,
                 self.args.work, self.args.targets, *self.args.cmake_arg],
                stdout=subprocess.PIPE, stderr=log, text=True)
        folder = done.stdout.strip() if done.returncode == 0 else None
        self.built[index] = folder
        if folder is None:
            self.why[index] = f"does not build: {report.last_error(log_path)} (log: {log_path})"
        return folder

    def ab(self, ref, test, role):
        """One A/B run: commit `ref`'s plugins against commit `test`'s."""
        name = f"{len(self.runs) + 1:02d}-{self.commits[test][:12]}-vs-{self.commits[ref][:12]}"
        run_dir = os.path.join(self.args.out, "steps", name)
        step.debug(f"A/B {role}: {self.commits[test][:12]} against {self.commits[ref][:12]}")
        started = time.monotonic()
        result = step.run_step(self.settings, self.built[ref], self.built[test], run_dir)
        if result.error:
            raise RuntimeError(f"{role}: {result.error}")
        self.runs.append({"role": role, "ref": self.commits[ref], "test": self.commits[test],
                          "run_dirs": result.run_dirs,
                          "seconds": round(time.monotonic() - started, 1)})
        return result

    def judge(self, index):
        if self.build(index) is None:
            return bs.Outcome(bs.SKIP, self.why[index])
        outcome = judge.against_good(self.ab(0, index, "step"), self.focus)
        if outcome.verdict == bs.UNDECIDED and not self.focus.by_counts():
            second = judge.against_bad(self.ab(index, len(self.commits) - 1, "step, bad side"),
                                       self.focus)
            outcome = bs.Outcome(second.verdict, outcome.why + "; against the bad side: "
                                 + second.why)
        self.runs[-1]["verdict"], self.runs[-1]["why"] = outcome.verdict, outcome.why
        return outcome


def run(args):
    started = time.monotonic()
    commits = history(args.repo, args.good, args.bad)
    if len(commits) < 2:
        raise RuntimeError(f"--good {args.good} and --bad {args.bad} are the same commit")
    plugins, sets = cell_filter(args.config, args.cells)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    group = f"bisect-{commits[0][:7]}-{commits[-1][:7]}-{stamp}"
    settings = step.Settings(runner=args.runner, config=args.config, plugins=plugins, sets=sets,
                             metric=args.metric, threshold=args.threshold,
                             store="" if args.no_store else args.store, group=group,
                             budget_seconds=seconds_of(args.budget))
    b = Bisect(args, commits, settings)
    for end, name in ((0, "--good"), (len(commits) - 1, "--bad")):
        if b.build(end) is None:
            raise RuntimeError(f"{name} {commits[end][:12]} {b.why[end]}")
    whole = b.ab(0, len(commits) - 1, "good -> bad")
    b.focus = judge.focus_of(whole)
    record = report.Record(args=args, commits=commits, subjects=[b.subject(i) for i in
                                                                  range(len(commits))],
                           group=group, store=settings.store, whole=whole, focus=b.focus)
    if b.focus.by_counts() or b.focus.rows:
        # Later steps run the regressed plugins only.
        regressed = {step.plugin_of(key[0]) for key in b.focus.rows | b.focus.counts}
        settings.plugins = [p for p in plugins if p in regressed] or plugins
        record.search = bs.search(len(commits), b.judge)
        if len(record.search.candidates) == 1:
            culprit = record.search.candidates[0]
            own = b.ab(record.search.last_good, culprit, "culprit's own change")
            record.own = own
    record.runs = b.runs
    record.seconds = time.monotonic() - started
    record.builds = sum(folder is not None for folder in b.built.values())
    return report.finish(record)


def main(argv):
    args = parse_args(argv)
    args.repo = os.path.abspath(args.repo)
    args.work = os.path.abspath(args.work or os.path.join(args.repo, "build"))
    args.out = os.path.abspath(args.out or os.path.join(
        args.repo, "results", "bisect-" + time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())))
    try:
        # As `runner run --out`: a new or empty folder, so no earlier bisect's files mix in.
        if os.path.exists(args.out) and (not os.path.isdir(args.out) or os.listdir(args.out)):
            raise RuntimeError(f"--out {args.out}: exists and is not an empty folder")
        os.makedirs(args.out, exist_ok=True)
        return run(args)
    except (RuntimeError, ValueError, OSError) as error:
        print(f"bisect: {printable(str(error))}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
