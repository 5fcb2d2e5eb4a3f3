#!/usr/bin/env python3
"""Runs the committed configs behind docs/results.md's generated tables and rewrites each
table between its markers (scripts/lib/generated_tables.py), stamped; keeps the run's
summary.json and the comparisons the table is made of under docs/data/NAME/.

    regenerate_results.py --runner BIN [--rounds N] [--only NAME]... [--doc FILE]
                          [--data-dir DIR] [--runs-dir DIR]
    regenerate_results.py --list-configs

Called by scripts/regenerate-results, which builds the runner first. --rounds N runs N rounds
a cell instead of the config's (fewer rounds: a shorter run and wider intervals; the stamp
says so). The runs themselves, samples included, stay in --runs-dir/NAME (build/regenerate)
until the next. Exit 0 when every table was rewritten, 1 on a failed run or compare, 2 on a usage
or document error.
"""

import argparse
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generated_tables  # noqa: E402
import seed_tables  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def cpu_model():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def commit():
    rev = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=7", "HEAD"],
                         capture_output=True, text=True, check=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, check=True).stdout.strip()
    return rev + ("+uncommitted changes" if dirty else "")


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def config_rounds(config_path):
    with open(config_path, "rb") as f:
        return tomllib.load(f).get("run", {}).get("rounds")


def run_config(runner, table, out, rounds):
    command = [runner, "run", os.path.join(ROOT, table.config), "--out", out, "--no-store"]
    if os.path.exists(out):
        command.append("--force")  # replaces only an earlier run
    if rounds is not None:
        command += ["--rounds", str(rounds)]
    print("+ " + " ".join(command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True)


def compare(runner, out, comparison):
    command = [runner, "compare", "--plugins", f"{comparison.base},{comparison.new}", out,
               "--metric", comparison.metric, "--format", "json"]
    done = subprocess.run(command, capture_output=True, text=True)
    # 1: a `slower` verdict, 3: only inconclusive ones (e.g. every cell withheld as disturbed on
    # a busy machine): each still a comparison with its ratios and intervals.
    if done.returncode not in (0, 1, 3):
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr}")
    return json.loads(done.stdout)


def rounds_note(table, rounds):
    configured = config_rounds(os.path.join(ROOT, table.config))
    if rounds is None or rounds == configured:
        return f"{configured} rounds a cell (the config's)"
    return f"{rounds} rounds a cell (--rounds {rounds}; the config says {configured})"


def regenerate(table, runner, rounds, doc_text, doc_path, data_root, runs_root, revision):
    data_dir = os.path.join(data_root, table.name)
    out = os.path.join(runs_root, table.name)  # kept whole (samples too) until the next run
    load_before = load_average()
    run_config(runner, table, out, rounds)
    load_after = load_average()
    comparisons = {c.key: compare(runner, out, c) for c in table.comparisons}
    os.makedirs(data_dir, exist_ok=True)
    shutil.copyfile(os.path.join(out, "summary.json"), os.path.join(data_dir, "summary.json"))
    for key, result in comparisons.items():
        with open(os.path.join(data_dir, f"compare-{key}.json"), "w") as f:
            json.dump(result, f, indent=1)
            f.write("\n")
    data = os.path.relpath(data_dir, os.path.dirname(os.path.abspath(doc_path))) + "/"
    provenance = {
        "commit": revision, "config": table.config,
        "config_sha256": sha256_of(os.path.join(ROOT, table.config)),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu_model(), "nproc": os.cpu_count(), "kernel": os.uname().release,
        "load_before": load_before, "load_after": load_after,
        "rounds": rounds_note(table, rounds), "data": data}
    body = generated_tables.stamp(provenance) + "\n" + table.render(comparisons)
    return generated_tables.replace_block(doc_text, table.name, body, doc_path)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runner")
    parser.add_argument("--list-configs", action="store_true")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--doc", default=os.path.join(ROOT, "docs", "results.md"))
    parser.add_argument("--data-dir", default=os.path.join(ROOT, "docs", "data"))
    parser.add_argument("--runs-dir", default=os.path.join(ROOT, "build", "regenerate"))
    args = parser.parse_args(argv)
    if args.list_configs:
        print("\n".join(os.path.join(ROOT, t.config) for t in seed_tables.TABLES))
        return 0
    if not args.runner:
        parser.error("--runner is required")
    tables = [t for t in seed_tables.TABLES if not args.only or t.name in args.only]
    unknown = set(args.only) - {t.name for t in seed_tables.TABLES}
    if unknown:
        print(f"regenerate-results: no generated table {sorted(unknown)} (known: "
              f"{[t.name for t in seed_tables.TABLES]})", file=sys.stderr)
        return 2
    with open(args.doc) as f:
        text = f.read()
    revision = commit()  # before the first table rewrites the document
    try:
        for table in tables:  # every block's markers checked before anything is measured
            generated_tables.replace_block(text, table.name, "", args.doc)
        for table in tables:
            text = regenerate(table, args.runner, args.rounds, text, args.doc, args.data_dir,
                              args.runs_dir, revision)
            with open(args.doc, "w") as f:  # each table kept as soon as it is made
                f.write(text)
    except generated_tables.TableError as error:
        print(f"regenerate-results: {error}", file=sys.stderr)
        return 2
    except (subprocess.CalledProcessError, RuntimeError) as error:
        print(f"regenerate-results: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
