"""One step of `scripts/bisect`: two builds' plugins in one interleaved, paired run, judged.

The reference build's plugins load under their own names (its folder first on the plugin
path, so they win over the runner's own of the same name); the tested build's load as
variants by path, `<plugin>@test`, with the same options (lockstep pairs where the config
does not choose otherwise). `runner compare --plugins P,P@test RUN --format json` then
judges each plugin; the step reads only the cells the bisect focuses on. Python 3 standard
library only.
"""

import json
import math
import os
import statistics
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field

import ab_config

SUFFIX = "@test"


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
    run_dir: str
    rows: list = field(default_factory=list)  # compare's metric cells, every plugin
    count_growth: list = field(default_factory=list)  # compare's count changes that grew
    error: str = ""


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


def write_config(settings, ref_files, test_files, out_path):
    """The config with each bisected plugin beside its `@test` twin; its own name, so the
    bisect's runs are a series of their own in the history, not the config's."""
    with open(settings.config, "rb") as f:
        text = f.read().decode("utf-8")
    config = tomllib.loads(text)
    variants = config.get("variants", {})
    names = []
    tail = "\n# scripts/bisect: each plugin beside the tested revision's build of it.\n"
    for name in settings.plugins:
        variant = variants.get(name, {})
        base = variant.get("plugin", name)
        for files, side in ((ref_files, "reference"), (test_files, "tested")):
            if base not in files:
                raise RuntimeError(f"the {side} build has no plugin {base!r}")
        names += [name, name + SUFFIX]
        tail += f"[variants.{ab_config.toml_string(name + SUFFIX)}]\n"
        tail += f"path = {ab_config.toml_string(test_files[base])}\n"
        for key, value in variant.items():
            if key not in ("plugin", "path"):
                tail += f"{ab_config.toml_string(key)} = {ab_config.toml_scalar(value)}\n"
    out = ab_config.replace_plugins_list(text, names)
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


def run_args(settings, config_path, ref_dir, run_dir):
    args = [settings.runner, "run", config_path, "--plugin-path", ref_dir, "--out", run_dir,
            "--color", "never"]
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
    args = [settings.runner, "compare", "--plugins", f"{plugin},{plugin}{SUFFIX}", run_dir,
            "--format", "json", "--color", "never"]
    if settings.metric:
        args += ["--metric", settings.metric]
    if settings.threshold:
        args += ["--threshold", settings.threshold]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode not in (0, 1, 3):
        raise RuntimeError(f"runner compare --plugins {plugin},{plugin}{SUFFIX} exited "
                           f"{done.returncode}: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout)


def run_step(settings, ref_dir, test_dir, run_dir):
    """Runs and judges one A/B (the reference build against the tested one) into run_dir."""
    step = StepRun(run_dir=run_dir)
    os.makedirs(os.path.dirname(run_dir), exist_ok=True)
    try:
        ref_files = plugin_files(settings.runner, ref_dir, run_dir + ".ref-plugins.json")
        test_files = plugin_files(settings.runner, test_dir, run_dir + ".test-plugins.json")
        config_path = run_dir + ".toml"
        write_config(settings, ref_files, test_files, config_path)
        with open(run_dir + ".run.txt", "w", encoding="utf-8") as log:
            rc = subprocess.run(run_args(settings, config_path, ref_dir, run_dir),
                                stdout=log, stderr=subprocess.STDOUT).returncode
        if rc not in (0, 1):
            raise RuntimeError(f"runner run exited {rc} (see {run_dir}.run.txt)")
        for plugin in settings.plugins:
            comparison = compare(settings, run_dir, plugin)
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
