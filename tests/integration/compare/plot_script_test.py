#!/usr/bin/python3
"""scripts/plot.py on synthetic summary.json files of every workload shape: flower (the seed
figure), pingpong (lines per block size), notify (bars) and an unknown workload (bars):
each gives a PNG and an SVG file, and nothing is drawn for a run without ok cells.

    plot_script_test.py PATH/TO/plot.py
"""

import itertools
import json
import os
import subprocess
import sys
import tempfile


def cell(workload, plugin, params, metrics):
    return {"workload": workload, "plugin": plugin, "params": params, "status": "ok",
            "metrics": {name: {"median": v, "ci_low": v * 0.95, "ci_high": v * 1.05, "n": 24}
                        for name, v in metrics.items()}}


def flower():
    cells = []
    for pipes, active, plugin in itertools.product([100, 1000, 10000], [100, 1000],
                                                   ["libevent2", "muduo"]):
        if active > pipes:
            cells.append({"workload": "flower", "plugin": plugin, "status": "skipped",
                          "params": {"pipes": pipes, "active": active}, "metrics": {}})
            continue
        cells.append(cell("flower", plugin, {"pipes": pipes, "active": active, "writes": 100,
                                             "transport": "socketpair"},
                          {"setup_us": pipes * 0.5, "dispatch_us": 40.0, "total_us": pipes}))
    return {"plugins": ["libevent2", "muduo"], "cells": cells}


def pingpong():
    cells = [cell("pingpong", plugin, {"block_size": block, "sessions": sessions, "threads": 1,
                                       "duration": "1s", "verify": "sample"},
                  {"mib_per_s": 100.0 * sessions ** 0.5, "messages_per_s": 1000.0 * sessions})
             for block, sessions, plugin in itertools.product(
                 [4096, 16384], [1, 10, 100], ["muduo/muduo", "libevent2/libevent2"])]
    return {"plugins": ["muduo/muduo", "libevent2/libevent2"], "cells": cells}


def notify():
    cells = [cell("notify", plugin, {"items": 1000000, "producers": producers,
                                     "producer_cpu": -1, "consumer_cpu": -1},
                  {"elapsed_ms": 700.0 * producers, "items_per_s": 1.4e6,
                   "wakeups_per_item": 0.5})
             for producers, plugin in itertools.product([1, 2], ["libevent2-pipe", "condvar"])]
    return {"plugins": ["libevent2-pipe", "condvar"], "cells": cells}


def unknown():
    return {"plugins": ["a"], "cells": [cell("mystery", "a", {"n": 1}, {"widgets": 3.0})]}


def plot(script, summary, out):
    results = tempfile.mkdtemp(dir=out)
    with open(os.path.join(results, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f)
    done = subprocess.run([sys.executable, script, results, "--out", os.path.join(results, "p")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line]


def check_files(paths, stem):
    assert sorted(os.path.basename(p) for p in paths) == [stem + ".png", stem + ".svg"], paths
    for path in paths:
        with open(path, "rb") as f:
            head = f.read(512)
        assert head.startswith(b"\x89PNG") if path.endswith(".png") else b"<svg" in head, path


def main():
    script = sys.argv[1]
    with tempfile.TemporaryDirectory() as out:
        check_files(plot(script, flower(), out), "flower")
        check_files(plot(script, pingpong(), out), "pingpong")
        check_files(plot(script, notify(), out), "notify")
        check_files(plot(script, unknown(), out), "mystery")
        assert plot(script, {"plugins": [], "cells": []}, out) == []
    print("plot.py: ok")


if __name__ == "__main__":
    main()
