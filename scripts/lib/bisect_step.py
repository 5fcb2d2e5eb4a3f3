"""One step of `scripts/bisect`: two builds' plugins in one interleaved, paired run, judged.

Both builds load by path, as variants of the plugin: `<plugin>@good` (the reference build)
and `<plugin>@test` (the tested one), with the config's options for the plugin, in lockstep
pairs where the config does not choose otherwise; one run per bisected plugin, so that the
run's own comparison (which [run] budget spends extra rounds on) is exactly that pair.
`runner compare --plugins P@good,P@test RUN --format json` then judges it. Python 3 standard
library only.
"""

import json
import math
import os
import re
import statistics
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field

import ab_config

REF = "@good"
TEST = "@test"


@dataclass
class Settings:
    runner: str
    config: str  # the user's config file
    plugins: list  # the plugins to bisect (names in the config)
    sets: list  # --set AXIS=V arguments narrowing the cells
    metric: str = ""
    threshold: str = ""
    store: str = ""  # empty: not stored
    group: str = ""
    budget_seconds: float = 0.0


@dataclass
class StepRun:
    run_dirs: list = field(default_factory=list)  # one a plugin
    rows: list = field(default_factory=list)  # compare's metric cells, every plugin
    count_growth: list = field(default_factory=list)  # compare's count changes that grew
    error: str = ""


def plugin_of(label):
    """The bisected plugin of a compare row's or count change's plugin label."""
    return label.split(" -> ")[0].split("/")[0].removesuffix(REF)


def row_key(row):
    return (row["base_plugin"], json.dumps(row["params"], sort_keys=True), row["metric"])


def count_key(change):
    return (change["plugin"], change["point"], change["count"])


def log_ratio(row):
    ratio = row.get("ratio")
    return math.log(ratio) if ratio and ratio > 0 else None


def plugin_files(runner, folder, out_json):
    listing = subprocess.run([runner, "plugins", "--plugin-path", folder, "--json"],
                             capture_output=True, text=True)
    if listing.returncode != 0:
        raise RuntimeError(f"runner plugins --plugin-path {folder} exited {listing.returncode}")
    with open(out_json, "w", encoding="utf-8") as f:
        f.write(listing.stdout)
    return ab_config.rev_plugin_files(json.loads(listing.stdout), folder)


def drop_tables(text, kept):
    """The text without the [plugin_options.X] and [variants.X] tables of plugins not kept
    (the runner refuses options for a plugin the config does not run)."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        header = re.match(r"^\s*\[\s*(plugin_options|variants)\.\"?([^\"\]]+)\"?\s*\]", line)
        if header:
            skipping = header.group(2).strip() not in kept
        elif line.lstrip().startswith("["):
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out)


def write_config(settings, plugin, ref_files, test_files, out_path):
    """The config with only `plugin`, as its two builds; its own name, so the bisect's runs
    are a series of their own in the history, not the config's."""
    with open(settings.config, "rb") as f:
        text = f.read().decode("utf-8")
    config = tomllib.loads(text)
    variant = config.get("variants", {}).get(plugin, {})
    base = variant.get("plugin", plugin)
    tail = "\n# scripts/bisect: the plugin from the reference build and the tested one.\n"
    for files, suffix in ((ref_files, REF), (test_files, TEST)):
        if base not in files:
            raise RuntimeError(f"the {'reference' if suffix == REF else 'tested'} build has no "
                               f"plugin {base!r}")
        tail += f"[variants.{ab_config.toml_string(plugin + suffix)}]\n"
        tail += f"path = {ab_config.toml_string(files[base])}\n"
        for key, value in variant.items():
            if key not in ("plugin", "path"):
                tail += f"{ab_config.toml_string(key)} = {ab_config.toml_scalar(value)}\n"
    out = ab_config.replace_plugins_list(drop_tables(text, {base}),
                                         [plugin + REF, plugin + TEST])
    stem = config.get("name") or os.path.splitext(os.path.basename(settings.config))[0]
    if "name" in config:
        out = out.replace(f"name = {ab_config.toml_string(stem)}",
                          f"name = {ab_config.toml_string(stem + '-bisect')}", 1)
    else:
        out = f"name = {ab_config.toml_string(stem + '-bisect')}\n" + out
    out += ("" if out.endswith("\n") else "\n") + tail
    tomllib.loads(out)  # a config that would not parse stops here, not in the runner
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(out)


def run_args(settings, config_path, run_dir):
    args = [settings.runner, "run", config_path, "--out", run_dir, "--color", "never"]
    for axis in settings.sets:
        args += ["--set", axis]
    if settings.store:
        args += ["--store", settings.store, "--group", settings.group]
    else:
        args += ["--no-store"]
    if settings.budget_seconds >= 1:
        args += ["--budget", f"{int(settings.budget_seconds)}s"]
    return args


def compare(settings, run_dir, plugin):
    args = [settings.runner, "compare", "--plugins", f"{plugin}{REF},{plugin}{TEST}", run_dir,
            "--format", "json", "--color", "never"]
    if settings.metric:
        args += ["--metric", settings.metric]
    if settings.threshold:
        args += ["--threshold", settings.threshold]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode not in (0, 1, 3):
        raise RuntimeError(f"runner compare --plugins {plugin}{REF},{plugin}{TEST} exited "
                           f"{done.returncode}: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout)


def run_step(settings, ref_dir, test_dir, run_dir):
    """Runs and judges one A/B (the reference build against the tested one): run_dir, or
    run_dir-<plugin> for each plugin when there are several."""
    step = StepRun()
    os.makedirs(os.path.dirname(run_dir), exist_ok=True)
    try:
        ref_files = plugin_files(settings.runner, ref_dir, run_dir + ".ref-plugins.json")
        test_files = plugin_files(settings.runner, test_dir, run_dir + ".test-plugins.json")
        for plugin in settings.plugins:
            folder = run_dir if len(settings.plugins) == 1 else f"{run_dir}-{plugin}"
            write_config(settings, plugin, ref_files, test_files, folder + ".toml")
            with open(folder + ".run.txt", "w", encoding="utf-8") as log:
                rc = subprocess.run(run_args(settings, folder + ".toml", folder),
                                    stdout=log, stderr=subprocess.STDOUT).returncode
            if rc not in (0, 1):
                raise RuntimeError(f"runner run exited {rc} (see {folder}.run.txt)")
            step.run_dirs.append(folder)
            comparison = compare(settings, folder, plugin)
            step.rows += comparison.get("cells", [])
            step.count_growth += [c for c in comparison.get("count_changes", [])
                                  if c["new_per_event"] > c["base_per_event"]]
    except (RuntimeError, OSError, ValueError) as error:
        step.error = str(error)
    return step


def median_log_ratio(rows):
    values = [v for v in (log_ratio(r) for r in rows) if v is not None]
    return statistics.median(values) if values else None


def count_growth_sum(changes):
    return sum(c["new_per_event"] - c["base_per_event"] for c in changes)


def debug(message):
    print(f"[bisect] {message}", file=sys.stderr)
