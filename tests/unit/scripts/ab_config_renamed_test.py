"""scripts/lib/ab_config.py against a base build from before a plugin's rename: the base offers
`muduo`, this build's config says `muduo-style`; the A/B variant takes the old build's file."""
import json
import os
import subprocess
import sys
import tempfile
import tomllib


def main(script):
    with tempfile.TemporaryDirectory() as tmp:
        plugin_dir = os.path.join(tmp, "base-plugins")
        os.makedirs(plugin_dir)
        so = os.path.join(plugin_dir, "muduo.so")
        open(so, "wb").close()
        config = os.path.join(tmp, "pp.toml")
        with open(config, "w", encoding="utf-8") as f:
            f.write('workload = "flower"\nplugins = ["muduo-style", "raw-epoll"]\n')
        listing = os.path.join(tmp, "plugins.json")
        with open(listing, "w", encoding="utf-8") as f:
            json.dump({"plugins": [{"name": "muduo", "path": so}]}, f)
        out = os.path.join(tmp, "ab.toml")
        done = subprocess.run([sys.executable, script, config, listing, plugin_dir, out],
                              capture_output=True, text=True, check=False)
        failures = []
        if done.returncode != 0:
            failures.append(f"exit {done.returncode}: {done.stderr}")
        else:
            with open(out, "rb") as f:
                made = tomllib.load(f)
            if made["plugins"] != ["muduo-style", "raw-epoll", "muduo-style@base"]:
                failures.append(f"plugins: {made['plugins']}")
            if made["variants"]["muduo-style@base"]["path"] != os.path.realpath(so):
                failures.append(f"variant: {made['variants']}")
            if "REV has no plugin 'raw-epoll'" not in done.stderr:
                failures.append(f"stderr: {done.stderr}")
            if done.stdout.strip() != "muduo-style@base muduo-style":
                failures.append(f"stdout: {done.stdout}")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
