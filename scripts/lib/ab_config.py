#!/usr/bin/env python3
"""Writes the A/B form of a config for `scripts/nightly --ab REV`: every plugin of the config
also runs as a variant `<plugin>@base` that loads REV's build of it by path, so both builds
run interleaved round by round in one run and `runner compare --plugins P@base,P RUN` gives
the verdict that does not depend on yesterday's machine state.

    ab_config.py CONFIG PLUGINS_JSON REV_PLUGIN_DIR OUT_TOML

PLUGINS_JSON is `runner plugins --plugin-path REV_PLUGIN_DIR --json` (REV's plugins first in
the search path, so they win over today's of the same name); only its plugins whose file
lies in REV_PLUGIN_DIR count. Prints the plugin names paired
(`P@base P`, one pair a line) on stdout; a plugin REV does not have is left out of the A/B
with a note on stderr. The config is edited as text (the `plugins` list replaced, the
variants appended) so that everything else in it stays as written; tomllib checks the
result; a config without a `name` gets its file's stem as one (the name its runs are stored
under). A config whose plugins are named per role (pingpong's [matrix] server/client) keeps
its pairs and gets no A/B. Python 3 standard library only.
"""

import json
import os
import re
import sys
import tomllib

SUFFIX = "@base"
# A plugin's former names (model/plugin_renames.cpp's table): a base build from before a rename
# offers the plugin under its old name, and the A/B still pairs the two builds.
FORMER_NAMES = {"muduo-style": ("muduo",)}


def fail(message):
    print(f"ab_config: {message}", file=sys.stderr)
    sys.exit(2)


def toml_string(text):
    # A JSON string is a valid TOML basic string (same escapes for what json.dumps emits).
    return json.dumps(text, ensure_ascii=False)


def toml_scalar(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    fail(f"cannot copy the option value {value!r} into a variant")


def rev_plugin_files(plugins_json, plugin_dir):
    """name -> .so path, for the plugins whose file lies in plugin_dir."""
    root = os.path.realpath(plugin_dir)
    files = {}
    for plugin in plugins_json.get("plugins", []):
        path = os.path.realpath(plugin.get("path", ""))
        if os.path.dirname(path) == root:
            files[plugin["name"]] = path
    return files


def replace_plugins_list(text, names):
    """The top-level `plugins = [...]` (one line or several) with `names` instead."""
    match = re.search(r"^plugins[ \t]*=[ \t]*\[[^\]]*\]", text, re.MULTILINE)
    if match is None:
        fail("the config has no top-level `plugins = [...]` list to extend")
    listed = "plugins = [" + ", ".join(toml_string(n) for n in names) + "]"
    return text[:match.start()] + listed + text[match.end():]


def main(argv):
    if len(argv) != 4:
        fail("usage: ab_config.py CONFIG PLUGINS_JSON REV_PLUGIN_DIR OUT_TOML")
    config_path, plugins_json_path, plugin_dir, out_path = argv
    with open(config_path, "rb") as f:
        text = f.read().decode("utf-8")
    config = tomllib.loads(text)
    with open(plugins_json_path, encoding="utf-8") as f:
        plugins_json = json.load(f)
    files = rev_plugin_files(plugins_json, plugin_dir)

    matrix = config.get("matrix", {})
    if "server" in matrix or "client" in matrix:
        fail("plugins named per role ([matrix] server/client): no A/B for this config")
    plugins = config.get("plugins")
    if not isinstance(plugins, list) or not plugins:
        fail("the config has no `plugins` list")
    variants = config.get("variants", {})

    added = []  # (variant name, base name, REV file, options to copy)
    for name in plugins:
        variant = variants.get(name)
        if variant is not None and "path" in variant:
            print(f"ab_config: {name} already loads a file of its own: no A/B for it",
                  file=sys.stderr)
            continue
        base = variant["plugin"] if variant is not None else name
        base = next((old for old in FORMER_NAMES.get(base, ()) if base not in files and
                     old in files), base)
        if base not in files:
            print(f"ab_config: REV has no plugin {base!r}: {name} runs without an A/B",
                  file=sys.stderr)
            continue
        options = {k: v for k, v in (variant or {}).items() if k != "plugin"}
        added.append((name + SUFFIX, name, files[base], options))
    if not added:
        fail("no plugin of the config is in REV's build")

    names = list(plugins) + [variant for variant, _, _, _ in added]
    out = replace_plugins_list(text, names)
    if "name" not in config:
        # A run is stored under its config's name, by default the file's stem: the A/B copy
        # (<config>.ab.toml) keeps the config's own, so its runs continue the config's series.
        stem = os.path.splitext(os.path.basename(config_path))[0]
        out = f"name = {toml_string(stem)}\n" + out
    out += "" if out.endswith("\n") else "\n"
    out += "\n# scripts/nightly --ab: the same plugins from the base revision's build.\n"
    for variant, _, path, options in added:
        out += f"[variants.{toml_string(variant)}]\npath = {toml_string(path)}\n"
        for key, value in options.items():
            out += f"{toml_string(key)} = {toml_scalar(value)}\n"
    try:
        check = tomllib.loads(out)
    except tomllib.TOMLDecodeError as error:
        fail(f"the A/B config would not parse: {error}")
    if check.get("plugins") != names:
        fail("the A/B config's plugins list did not take")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(out)
    for variant, name, _, _ in added:
        print(f"{variant} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
