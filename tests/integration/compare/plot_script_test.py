#!/usr/bin/python3
"""scripts/plot.py on synthetic summary.json files of every workload shape: flower (the seed
figure), pingpong (lines per block size), rr (lines per load), notify (bars) and an unknown
workload (bars), laid out as their summary.json's plot_layouts say: each gives a PNG and an
SVG file, and nothing is drawn for a run without ok cells. rr draws the metrics its summary declares plotted (latency percentiles and
requests/s), never its client's CPU.

    plot_script_test.py PATH/TO/plot.py
"""

import importlib.util
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


# What the runner writes into summary.json for the workloads (core/src/workload/*/entry.cpp).
LAYOUTS = {
    "flower": {"kind": "lines", "x": "pipes", "log_x": True, "rows": "active", "cols": "metric"},
    "pingpong": {"kind": "lines", "x": "sessions", "log_x": True, "rows": "metric",
                 "cols": "block_size"},
    "rr": {"kind": "lines", "x": "connections", "log_x": True, "rows": "metric",
           "cols": "load_percent"},
    "notify": {"kind": "bars"},
}


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
    return {"plugins": ["libevent2", "muduo"], "cells": cells,
            "plot_layouts": {"flower": LAYOUTS["flower"]}}


def pingpong():
    cells = [cell("pingpong", plugin, {"block_size": block, "sessions": sessions, "threads": 1,
                                       "duration": "1s", "verify": "sample"},
                  {"mib_per_s": 100.0 * sessions ** 0.5, "messages_per_s": 1000.0 * sessions})
             for block, sessions, plugin in itertools.product(
                 [4096, 16384], [1, 10, 100], ["muduo/muduo", "libevent2/libevent2"])]
    return {"plugins": ["muduo/muduo", "libevent2/libevent2"], "cells": cells,
            "plot_layouts": {"pingpong": LAYOUTS["pingpong"]}}


def notify():
    cells = [cell("notify", plugin, {"items": 1000000, "producers": producers,
                                     "producer_cpu": -1, "consumer_cpu": -1},
                  {"elapsed_ms": 700.0 * producers, "items_per_s": 1.4e6,
                   "wakeups_per_item": 0.5})
             for producers, plugin in itertools.product([1, 2], ["libevent2-pipe", "condvar"])]
    return {"plugins": ["libevent2-pipe", "condvar"], "cells": cells,
            "plot_layouts": {"notify": LAYOUTS["notify"]}}


RR_DECLARED = [
    {"name": "requests_per_s", "unit": "req/s", "plotted": True},
    {"name": "p50_us", "unit": "us", "plotted": True},
    {"name": "p99_us", "unit": "us", "plotted": True},
    {"name": "p999_us", "unit": "us", "plotted": True},
    {"name": "server_cpu_us_per_request", "unit": "us", "plotted": False},
    {"name": "client_cpu_util", "unit": "", "plotted": False},
]


def rr():
    cells = [cell("rr", plugin, {"connections": c, "load_percent": load, "body_size": 2,
                                 "threads": 1, "duration": "1s"},
                  {"requests_per_s": 50000.0 / (1 + load / 100), "p50_us": 20.0 * c,
                   "p99_us": 60.0 * c, "p999_us": 90.0 * c, "client_cpu_util": 0.9,
                   "client_cpu_s": 1.0, "server_cpu_us_per_request": 8.0})
             for c, load, plugin in itertools.product([1, 100], [0, 50], ["muduo", "libuv"])]
    return {"plugins": ["muduo", "libuv"], "cells": cells, "declared_metrics": {"rr": RR_DECLARED},
            "plot_layouts": {"rr": LAYOUTS["rr"]}}


def rr_draws_what_it_declares(script):
    spec = importlib.util.spec_from_file_location("plot", script)
    plot_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plot_module)
    summary = rr()
    layout = plot_module.layout_of(summary, "rr")
    assert layout["x"] == "connections", layout
    drawn = plot_module.metrics_to_draw(layout, summary["cells"])
    assert drawn == ["requests_per_s", "p50_us", "p99_us", "p999_us"], drawn
    assert plot_module.axis_label("p99_us") == "p99_us (µs)"
    assert plot_module.axis_label("requests_per_s") == "requests_per_s (req/s)"


def without_layout_is_bars(script):
    """A summary that says nothing of its layout (written before plot_layouts) gets bars."""
    spec = importlib.util.spec_from_file_location("plot", script)
    plot_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plot_module)
    summary = flower()
    del summary["plot_layouts"]
    assert plot_module.layout_of(summary, "flower")["kind"] == "bars"


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
        check_files(plot(script, rr(), out), "rr")
        rr_draws_what_it_declares(script)
        without_layout_is_bars(script)
        check_files(plot(script, unknown(), out), "mystery")
        assert plot(script, {"plugins": [], "cells": []}, out) == []
    print("plot.py: ok")


if __name__ == "__main__":
    main()
