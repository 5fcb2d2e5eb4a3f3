"""What `scripts/bisect` found, said on the terminal and kept as bisect.json (which `runner
report` shows as the bisect's path): the whole good->bad change, every step's verdict, the
commits skipped and why, and the culprit with its own change and the share of the whole it
explains, or why there is no single culprit. Foreign text (commit subjects, build errors)
reaches the terminal through printable(). Python 3 standard library only.
"""

import json
import os
import re
from dataclasses import dataclass, field

import bisect_judge as judge
import bisect_search as bs
from printable import printable

SCHEMA_VERSION = 1


@dataclass
class Record:
    args: object
    commits: list
    subjects: list
    group: str
    store: str
    whole: object
    focus: object
    search: object = None
    own: object = None
    runs: list = field(default_factory=list)
    seconds: float = 0.0
    builds: int = 0


def last_error(log_path):
    """The build log's first line that says error, else its last line."""
    try:
        with open(log_path, encoding="utf-8", errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        return "no build log"
    for line in lines:
        if re.search(r"\berror\b", line, re.IGNORECASE):
            return line[:200]
    return lines[-1][:200] if lines else "no output"


def commit_text(record, index):
    return (f"{record.commits[index][:12]} ({index} of {len(record.commits) - 1}) "
            f"\"{record.subjects[index]}\"")


def whole_text(record):
    if record.focus.by_counts():
        return "counts: " + judge.counts_text(judge.focus_counts(record.whole, record.focus))
    rows = judge.focus_rows(record.whole, record.focus)
    if rows:
        return "slower: " + judge.effect_text(rows)
    return "no cell slower and no count grew: " + judge.effect_text(record.whole.rows)


def conclusion(record):
    """(exit code, kind, one line) of the bisect's finding."""
    if record.search is None:
        return 3, "no-regression", ("no culprit: the bad revision is not slower than the good "
                                    "one here (no cell slower, no count grown)")
    candidates = record.search.candidates
    if len(candidates) > 1:
        listed = ", ".join(commit_text(record, i) for i in candidates)
        return 3, "candidates", (f"{len(candidates)} candidates the data cannot separate "
                                 f"(skipped or undecided between them): {listed}")
    culprit = candidates[0]
    own = judge.change_of(record.own, record.focus) if record.own else None
    whole = judge.change_of(record.whole, record.focus)
    share = bs.share_of_whole(own, whole) if own is not None and whole is not None else None
    share_text = f"{share * 100:.0f}% of the good->bad change" if share is not None else \
        "its share of the whole unknown"
    if share is not None and not bs.is_one_step(own, whole):
        return 3, "small-steps", (f"several small steps: the first bad commit "
                                  f"{commit_text(record, culprit)} explains only {share_text}")
    return 0, "culprit", f"culprit: {commit_text(record, culprit)}, {share_text}"


def own_text(record):
    if record.own is None:
        return ""
    if record.focus.by_counts():
        return "counts: " + judge.counts_text(judge.focus_counts(record.own, record.focus))
    return judge.effect_text(judge.focus_rows(record.own, record.focus))


def as_json(record, code, kind, line):
    steps = []
    for index, outcome in (record.search.probes if record.search else []):
        steps.append({"commit": record.commits[index], "position": index,
                      "subject": record.subjects[index], "verdict": outcome.verdict,
                      "why": outcome.why})
    skipped = [{"commit": record.commits[i], "subject": record.subjects[i], "why": o.why}
               for i, o in (record.search.skipped() if record.search else [])]
    candidates = [record.commits[i] for i in (record.search.candidates if record.search else [])]
    return {"schema_version": SCHEMA_VERSION, "config": os.path.abspath(record.args.config),
            "good": record.commits[0], "bad": record.commits[-1],
            "commits": len(record.commits) - 1, "decided_by":
                "kernel counts" if record.focus.by_counts() else "timings",
            "whole": whole_text(record), "steps": steps, "skipped": skipped,
            "candidates": candidates, "culprit_own_change": own_text(record),
            "conclusion": kind, "summary": line, "exit_code": code, "runs": record.runs,
            "builds": record.builds, "seconds": round(record.seconds, 1),
            "store": record.store, "group": record.group}


def print_report(record, data):
    say = lambda text: print(printable(text))  # noqa: E731 (one line a call)
    say(f"bisect: {record.args.config}, good {record.commits[0][:12]} -> bad "
        f"{record.commits[-1][:12]} ({data['commits']} commits), decided by {data['decided_by']}")
    say(f"good -> bad: {data['whole']}")
    for number, entry in enumerate(data["steps"], 1):
        say(f"step {number}: {entry['commit'][:12]} ({entry['position']} of {data['commits']}) "
            f"\"{entry['subject']}\": {entry['verdict']}: {entry['why']}")
    for entry in data["skipped"]:
        say(f"skipped: {entry['commit'][:12]} \"{entry['subject']}\": {entry['why']}")
    if data["culprit_own_change"]:
        say(f"first bad commit against its parent: {data['culprit_own_change']}")
    say(data["summary"])
    where = f"stored as group {data['group']} in {data['store']}" if data["store"] else "not stored"
    minutes, seconds = divmod(int(data["seconds"]), 60)
    say(f"{len(data['steps'])} steps, {len(data['runs'])} A/B runs, {data['builds']} builds, "
        f"{minutes} min {seconds} s; {where}; {os.path.join(record.args.out, 'bisect.json')}")


def finish(record):
    code, kind, line = conclusion(record)
    data = as_json(record, code, kind, line)
    text = json.dumps(data, indent=2) + "\n"
    # Beside the results and in each step's run: `runner report STEP --html` shows the path.
    for folder in [record.args.out] + [d for r in record.runs for d in r["run_dirs"]]:
        if os.path.isdir(folder):
            with open(os.path.join(folder, "bisect.json"), "w", encoding="utf-8") as f:
                f.write(text)
    print_report(record, data)
    return code
