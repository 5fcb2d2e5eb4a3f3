#!/usr/bin/python3
"""Plots of a reactorbench results directory, drawn from its summary.json.

    scripts/plot.py RESULTS_DIR [--out DIR] [--formats png,svg] [--dpi N] [--describe]

flower: the seed-000 figure - time per iteration against the number of pipes (log axis),
one line per plugin with the median's confidence interval as error bars, set-up and
dispatch side by side, one row per number of active pipes.
pingpong: MiB/s against the number of sessions, one line per plugin (pair), one panel
per block size.
rr: latency percentiles (p50, p99, p99.9) and requests/s against the number of
connections, one line per plugin, a row per metric and a column per load (closed loop,
then each share of the maximum).
notify (and any workload without a layout of its own): grouped bars per matrix point,
one bar per plugin, one panel per metric.

Which metrics a workload's figure shows, their units and how they are laid out are the
workload's to say (core/src/workload/registry.h); this script keeps no list of workloads. The
runner writes them into summary.json: "declared_metrics" (each workload's metrics, those to
draw marked "plotted") and "plot_layouts" (the x axis and what the panel rows and columns
are). A summary without them (written before they were) gets bars of its first four metrics
by name. Values are read generically (cells[].metrics.<name>.{median, ci_low, ci_high}). Each
figure is written as PNG and SVG (or --formats); the paths written are printed, one per
line, for `runner report`. --describe writes nothing and prints each panel instead:
"FIGURE: TITLE | x: LABEL | y: LABEL".
Uses Debian's python3 and python3-matplotlib; nothing from pip.
"""

import argparse
import itertools
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
from matplotlib import ticker  # noqa: E402

# A workload whose summary says nothing of its layout (or an unexpected shape): bars still
# show every number.
FALLBACK = {"kind": "bars"}
MAX_GENERIC_METRICS = 4

# Declared units as an axis shows them.
UNIT_NAMES = {"us": "µs"}
# Units by a metric's name, for a summary that does not declare them.
UNITS = [("_per_cpu_s", "per CPU-second"), ("mib_per_s", "MiB/s"), ("_per_s", "per second"),
         ("_us", "µs"), ("_ms", "ms"), ("_ns", "ns"), ("_kib", "KiB"), ("_s", "s")]


DECLARED = {}  # metric name -> its declaration, of the summary being drawn


def unit_of(metric):
    declared = DECLARED.get(metric, {}).get("unit")
    if declared:
        return UNIT_NAMES.get(declared, declared)
    for suffix, unit in UNITS:
        if metric.endswith(suffix):
            return unit
    return ""


def axis_label(metric):
    unit = unit_of(metric)
    return f"{metric} ({unit})" if unit else metric


def load_summary(path):
    summary_path = path if path.endswith(".json") else os.path.join(path, "summary.json")
    with open(summary_path, encoding="utf-8") as f:
        return json.load(f)


def stat(cell, metric):
    """(median, ci_low, ci_high) of a metric, or None when the cell lacks it."""
    m = cell.get("metrics", {}).get(metric)
    if not m or m.get("median") is None:
        return None
    median = m["median"]
    low = m.get("ci_low") if m.get("ci_low") is not None else median
    high = m.get("ci_high") if m.get("ci_high") is not None else median
    return median, low, high


def metrics_to_draw(layout, cells):
    present = set()
    for cell in cells:
        present.update(cell.get("metrics", {}).keys())
    wanted = [m for m in layout["metrics"] if m in present]
    return wanted or sorted(present)[:MAX_GENERIC_METRICS]


def plotted_metrics(summary, workload):
    """The metrics the workload marks to draw, in its order; [] when the summary has none."""
    declared = summary.get("declared_metrics", {}).get(workload, [])
    DECLARED.update({m["name"]: m for m in declared if "name" in m})
    return [m["name"] for m in declared if m.get("plotted")]


def layout_of(summary, workload):
    """The workload's layout as summary.json gives it, with the metrics it plots."""
    layout = summary.get("plot_layouts", {}).get(workload) or FALLBACK
    if layout.get("kind") != "lines" or not layout.get("x"):
        layout = FALLBACK
    return dict(layout, metrics=plotted_metrics(summary, workload))


def sort_key(value):
    return (0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value))


def values_of(cells, param):
    return sorted({c["params"][param] for c in cells if param in c["params"]}, key=sort_key)


def split_by(cells, params):
    """Groups of cells with equal values of `params`, in a stable order."""
    groups = {}
    for cell in cells:
        key = tuple((p, cell["params"].get(p)) for p in params)
        groups.setdefault(key, []).append(cell)
    return sorted(groups.items(), key=lambda kv: [sort_key(v) for _, v in kv[0]])


def plugin_colors(summary, cells):
    order = list(summary.get("plugins", []))
    for cell in cells:
        if cell["plugin"] not in order:
            order.append(cell["plugin"])
    palette = plt.get_cmap("tab10").colors
    return {p: palette[i % len(palette)] for i, p in enumerate(order)}, order


def file_stem(workload, fixed):
    parts = [workload] + [f"{k}-{v}" for k, v in fixed]
    stem = "-".join(str(p) for p in parts)
    return "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in stem)


def title_of(workload, fixed, extra=""):
    text = workload + (": " + "  ".join(f"{k}={v}" for k, v in fixed) if fixed else "")
    return text + extra


def use_log(values):
    positive = [v for v in values if v > 0]
    return len(positive) == len(values) and positive and max(positive) / min(positive) >= 20


def panel_axes(layout, cells, metrics):
    """The values along the panel rows and columns: metrics or a parameter's values."""
    def along(what):
        if what == "metric":
            return [("metric", m) for m in metrics]
        values = values_of(cells, what)
        return [(what, v) for v in values] if values else [(None, None)]
    return along(layout.get("rows", "metric")), along(layout.get("cols", "metric"))


def in_panel(cell, selectors):
    return all(name in (None, "metric") or cell["params"].get(name) == value
               for name, value in selectors)


def panel_metric(selectors, metrics):
    for name, value in selectors:
        if name == "metric":
            return value
    return metrics[0]


def draw_lines(workload, layout, cells, fixed, colors, order):
    metrics = metrics_to_draw(layout, cells)
    rows, cols = panel_axes(layout, cells, metrics)
    x_param = layout["x"]
    fig, axes = plt.subplots(len(rows), len(cols), figsize=(6.2 * len(cols), 4.3 * len(rows)),
                             squeeze=False)
    drawn = False
    for (r, row), (c, col) in itertools.product(enumerate(rows), enumerate(cols)):
        ax = axes[r][c]
        metric = panel_metric([row, col], metrics)
        xs_all, ys_all = [], []
        for plugin in order:
            points = []
            for cell in cells:
                if cell["plugin"] != plugin or not in_panel(cell, [row, col]):
                    continue
                s = stat(cell, metric)
                if s is not None and x_param in cell["params"]:
                    points.append((cell["params"][x_param], *s))
            if not points:
                continue
            points.sort(key=lambda p: sort_key(p[0]))
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            err = [[max(p[1] - p[2], 0) for p in points], [max(p[3] - p[1], 0) for p in points]]
            ax.errorbar(xs, ys, yerr=err, label=plugin, color=colors[plugin], marker="o",
                        markersize=3.5, linewidth=1.4, capsize=2.5, elinewidth=0.9)
            xs_all += xs
            ys_all += ys
            drawn = True
        labels = [f"{n} = {v}" for n, v in (row, col) if n not in (None, "metric")]
        ax.set_title("  ".join([metric] + labels), fontsize=10)
        ax.set_xlabel(x_param)
        ax.set_ylabel(axis_label(metric))
        numeric = xs_all and all(isinstance(x, (int, float)) and x > 0 for x in xs_all)
        if numeric and (layout.get("log_x") or use_log(xs_all)):
            ax.set_xscale("log")
            ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
        if ys_all and use_log(ys_all):
            ax.set_yscale("log")
        ax.grid(True, which="both", linewidth=0.4, alpha=0.5)
    if not drawn:
        plt.close(fig)
        return None
    handles, labels = [], []
    for ax in axes.flat:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    fig.legend(handles, labels, loc="upper center", ncol=min(len(labels), 6), frameon=False,
               bbox_to_anchor=(0.5, 1 - 0.02 / fig.get_figheight()))
    fig.suptitle(title_of(workload, fixed, "  (median, error bars: CI of the median)"),
                 y=1 - 0.42 / fig.get_figheight(), fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.6 / fig.get_figheight()))
    return fig


def point_label(cell, varying):
    return "\n".join(f"{p}={cell['params'][p]}" for p in varying if p in cell["params"]) or "all"


def draw_bars(workload, layout, cells, fixed, colors, order):
    metrics = metrics_to_draw(layout, cells)
    if not metrics:
        return None
    varying = [p for p in cells[0]["params"] if len(values_of(cells, p)) > 1]
    points = []
    for cell in cells:
        label = point_label(cell, varying)
        if label not in points:
            points.append(label)
    plugins = [p for p in order if any(c["plugin"] == p for c in cells)]
    width = 0.8 / max(len(plugins), 1)
    fig, axes = plt.subplots(1, len(metrics), figsize=(max(4.5, 1.1 * len(points) * len(plugins))
                                                       * len(metrics) / 1.6 + 2, 4.6),
                             squeeze=False)
    for ax, metric in zip(axes[0], metrics):
        for i, plugin in enumerate(plugins):
            xs, ys, low, high = [], [], [], []
            for cell in cells:
                s = stat(cell, metric)
                if cell["plugin"] != plugin or s is None:
                    continue
                xs.append(points.index(point_label(cell, varying)) + (i - (len(plugins) - 1) / 2) * width)
                ys.append(s[0])
                low.append(max(s[0] - s[1], 0))
                high.append(max(s[2] - s[0], 0))
            if xs:
                ax.bar(xs, ys, width=width * 0.95, yerr=[low, high], capsize=3, label=plugin,
                       color=colors[plugin], error_kw={"elinewidth": 0.9})
        ax.set_xticks(range(len(points)))
        ax.set_xticklabels(points, fontsize=8)
        ax.set_title(metric, fontsize=10)
        ax.set_ylabel(axis_label(metric))
        ax.grid(True, axis="y", linewidth=0.4, alpha=0.5)
    axes[0][0].legend(fontsize=8, frameon=False)
    fig.suptitle(title_of(workload, fixed, "  (median, error bars: CI of the median)"),
                 fontsize=11)
    fig.tight_layout()
    return fig


def describe(fig, stem):
    """One line a panel: what --describe prints instead of writing the figure."""
    return [f"{stem}: {ax.get_title()} | x: {ax.get_xlabel()} | y: {ax.get_ylabel()}"
            for ax in fig.axes if ax.get_title()]


def plot_workload(workload, cells, summary, out_dir, formats, dpi, describing=False):
    layout = layout_of(summary, workload)
    colors, order = plugin_colors(summary, cells)
    if layout["kind"] == "lines" and any(layout["x"] not in c["params"] for c in cells):
        layout = dict(FALLBACK, metrics=layout["metrics"])  # bars still show every number
    used = {layout.get("x"), layout.get("rows"), layout.get("cols")}
    if layout["kind"] == "lines":
        split = [p for p in cells[0]["params"] if p not in used and len(values_of(cells, p)) > 1]
    else:
        split = []
    written = []
    for key, group in split_by(cells, split):
        fixed = [(p, v) for p, v in key]
        fixed += [(p, group[0]["params"][p]) for p in group[0]["params"]
                  if p not in used and p not in split and len(values_of(group, p)) == 1]
        draw = draw_lines if layout["kind"] == "lines" else draw_bars
        fig = draw(workload, layout, group, fixed, colors, order)
        if fig is None:
            continue
        stem = file_stem(workload, [(p, v) for p, v in key])
        if describing:
            written += describe(fig, stem)
            plt.close(fig)
            continue
        for fmt in formats:
            path = os.path.join(out_dir, f"{stem}.{fmt}")
            fig.savefig(path, dpi=dpi, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
            written.append(path)
        plt.close(fig)
    return written


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a results directory (or its summary.json)")
    parser.add_argument("--out", help="where to write (default RESULTS/plots)")
    parser.add_argument("--formats", default="png,svg", help="comma-separated: png, svg, pdf")
    parser.add_argument("--dpi", type=int, default=100)
    parser.add_argument("--describe", action="store_true",
                        help="write nothing; print each figure's panels and their axis labels")
    args = parser.parse_args(argv)

    try:
        summary = load_summary(args.results)
    except (OSError, ValueError) as error:
        print(f"plot.py: cannot read {args.results}: {error}", file=sys.stderr)
        return 2
    base = args.results if os.path.isdir(args.results) else os.path.dirname(args.results)
    out_dir = args.out or os.path.join(base, "plots")
    if not args.describe:
        os.makedirs(out_dir, exist_ok=True)
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]

    ok = [c for c in summary.get("cells", []) if c.get("status") == "ok" and c.get("metrics")]
    workloads = []
    for cell in ok:
        if cell["workload"] not in workloads:
            workloads.append(cell["workload"])
    for workload in workloads:
        cells = [c for c in ok if c["workload"] == workload]
        for line in plot_workload(workload, cells, summary, out_dir, formats, args.dpi,
                                  args.describe):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
