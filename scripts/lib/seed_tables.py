"""The generated tables of docs/results.md: which committed config each is run from, which
`runner compare --plugins BASE,NEW --metric M` results it is made of, and how they become
Markdown. Each render takes {comparison key: compare JSON} and returns the table's text."""

import collections

Comparison = collections.namedtuple("Comparison", "key base new metric label")
Table = collections.namedtuple("Table", "name config comparisons render")


def fmt(value):
    if value is None:
        return "n/a"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    if abs(value) >= 0.1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def verdict(row):
    """compare's verdict, with why it was withheld (e.g. "inconclusive (disturbed)")."""
    return f"{row['verdict']} ({row['withheld']})" if row.get("withheld") else row["verdict"]


def ratio_cell(row):
    return f"{fmt(row['ratio'])} [{fmt(row['ci_low'])}, {fmt(row['ci_high'])}] {verdict(row)}"


def point_key(params, axes):
    return tuple(params[a] for a in axes)


def rows_by_point(result, axes):
    return {point_key(row["params"], axes): row for row in result["cells"]}


def excludes_one(row):
    return row["ci_low"] is not None and (row["ci_low"] > 1 or row["ci_high"] < 1)


def range_line(label, rows):
    ratios = [r["ratio"] for r in rows if r["ratio"] is not None]
    if not ratios:
        return f"- {label}: no ratio"
    beyond = sum(1 for r in rows if excludes_one(r))
    return (f"- {label}: {fmt(min(ratios))}–{fmt(max(ratios))} over {len(ratios)} points; "
            f"{beyond} of {len(rows)} CIs exclude 1")


def render_columns(comparisons, results, axes, headers):
    by_key = {c.key: rows_by_point(results[c.key], axes) for c in comparisons}
    points = sorted(set().union(*(set(rows) for rows in by_key.values())))
    lines = ["| " + " | ".join(headers + [c.label for c in comparisons]) + " |",
             "|" + "---:|" * len(headers) + "---|" * len(comparisons)]
    for point in points:
        cells = [ratio_cell(by_key[c.key][point]) if point in by_key[c.key] else "—"
                 for c in comparisons]
        lines.append("| " + " | ".join([str(v) for v in point] + cells) + " |")
    lines.append("")
    lines += [range_line(c.label, list(by_key[c.key].values())) for c in comparisons]
    return "\n".join(lines) + "\n"


SEED000_COMPARISONS = [
    Comparison("setup-muduo-vs-add-always", "epoll-add-always", "muduo", "setup_us",
               "muduo / ADD-always, setup"),
    Comparison("setup-libevent2-vs-muduo", "muduo", "libevent2", "setup_us",
               "libevent2 / muduo, setup"),
    Comparison("dispatch-add-always-vs-muduo", "muduo", "epoll-add-always", "dispatch_us",
               "ADD-always / muduo, dispatch"),
]


def render_seed000(results):
    return ("Ratio of medians new / base, its 95% CI (paired rounds: `runner compare --plugins "
            "BASE,NEW`), and the verdict (slower: the first plugin named is slower):\n\n"
            + render_columns(SEED000_COMPARISONS, results, ["pipes", "active"],
                             ["pipes", "a"]))


SEED004_COMPARISONS = [
    Comparison("elapsed-condvar-vs-libevent2", "libevent2", "condvar-broadcast", "elapsed_ms",
               "condvar-broadcast / libevent2 (pipe), ms for 10M items"),
]


def render_seed004(results):
    lines = ["| items | producers | libevent2 (pipe), ms | condvar-broadcast, ms | ratio [95% CI] "
             "| p | verdict | condvar faster by |",
             "|---:|---:|---:|---:|---|---:|---|---:|"]
    for row in results["elapsed-condvar-vs-libevent2"]["cells"]:
        params = row["params"]
        speedup = f"{1 / row['ratio']:.1f}x" if row["ratio"] else "n/a"
        p = "n/a" if row["p_value"] is None else f"{row['p_value']:.3g}"
        lines.append(f"| {params['items']:,} | {params['producers']} | {fmt(row['base_median'])} "
                     f"| {fmt(row['new_median'])} | {fmt(row['ratio'])} [{fmt(row['ci_low'])}, "
                     f"{fmt(row['ci_high'])}] | {p} | {verdict(row)} | {speedup} |")
    return "\n".join(lines) + "\n"


SEED003_COMPARISONS = [
    Comparison("mibs-libevent2-vs-muduo", "libevent2/libevent2", "muduo/muduo", "mib_per_s",
               "muduo-style / libevent2, MiB/s"),
]


def render_seed003(results):
    return ("Ratio of medians muduo-style / libevent2 (MiB/s: above 1, the muduo-style server "
            "moves more), its 95% CI (paired rounds: `runner compare --plugins "
            "libevent2/libevent2,muduo/muduo --metric mib_per_s`), and the verdict (faster: "
            "muduo-style):\n\n"
            + render_columns(SEED003_COMPARISONS, results, ["block_size", "sessions"],
                             ["block", "sessions"]))


SEED002_METRICS = [
    ("requests_per_s", "requests/s"),
    ("p50_us", "p50, us"),
    ("p99_us", "p99, us"),
    ("p999_us", "p99.9, us"),
    ("server_cpu_us_per_request", "server CPU per request, us"),
]
SEED002_COMPARISONS = [
    Comparison(f"{metric}-coroutine-vs-callback", "asio-callback", "asio-coroutine", metric,
               label) for metric, label in SEED002_METRICS
]


def render_seed002(results):
    lines = ["| | asio-callback | asio-coroutine | coroutine / callback [95% CI] | p | verdict |",
             "|---|---:|---:|---|---:|---|"]
    for comparison in SEED002_COMPARISONS:
        for row in results[comparison.key]["cells"]:
            p = "n/a" if row["p_value"] is None else f"{row['p_value']:.3g}"
            lines.append(f"| {comparison.label} | {fmt(row['base_median'])} "
                         f"| {fmt(row['new_median'])} | {fmt(row['ratio'])} "
                         f"[{fmt(row['ci_low'])}, {fmt(row['ci_high'])}] | {p} "
                         f"| {verdict(row)} |")
    return "\n".join(lines) + "\n"


TABLES = [
    Table("seed000", "configs/seed000.toml", SEED000_COMPARISONS, render_seed000),
    Table("seed002", "configs/seed002.toml", SEED002_COMPARISONS, render_seed002),
    Table("seed003", "configs/seed003.toml", SEED003_COMPARISONS, render_seed003),
    Table("seed004", "configs/seed004.toml", SEED004_COMPARISONS, render_seed004),
]
