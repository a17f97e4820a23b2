#!/usr/bin/env python3
"""Runs the README's quick start as a newcomer types it, in a scratch folder.

The README must be at most 400 lines and name, within its first 60, `make install` and the five
commands that start a guide (`init`, `new entry`, `serve`, `check`, `build`). Every `guidesite`
line of the quick start's `sh` blocks runs in order (a comment after `#` dropped, `cd` followed),
with GUIDESITE standing for `guidesite`: each must exit 0, `check` must report the new entry's
placeholders (the archetype's text, still unchanged) and nothing else,
`serve` must answer with the new entry's page at the address it prints, and `build` must leave
the entry's page in Output/.

Usage: quick-start.py GUIDESITE [README]
"""
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

HEAD, LIMIT = 60, 400
STEPS = ["guidesite init", "guidesite new entry", "guidesite serve", "guidesite check", "guidesite build"]


def quick_start_commands(lines):
    """The `sh` blocks' lines within the first HEAD lines, comments dropped."""
    commands, inside = [], False
    for line in lines[:HEAD]:
        if line.startswith("```"):
            inside = line.strip() == "```sh"
            continue
        if inside and line.strip():
            commands.append(line.split(" #")[0].strip())
    return commands


def serve(guidesite, cwd, words, slug):
    """Starts `serve` on a free port, fetches the entry's page, and stops it."""
    process = subprocess.Popen([guidesite, *words, "--port", "0"], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)
    try:
        deadline, address = time.time() + 60, None
        while address is None and time.time() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            found = re.search(r"at (http://\S+/)", line)
            address = found.group(1) if found else None
        if address is None:
            return "serve printed no address"
        page = urllib.request.urlopen(address + f"components/{slug}/", timeout=10).read().decode()
        return None if "Wheel picker" in page else "serve's entry page does not show the entry"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


def main():
    guidesite = os.path.abspath(sys.argv[1])
    readme = sys.argv[2] if len(sys.argv) > 2 else "README.md"
    lines = open(readme, encoding="utf-8").read().split("\n")
    problems = []
    if len(lines) > LIMIT:
        problems.append(f"{readme} has {len(lines)} lines, more than {LIMIT}")
    commands = quick_start_commands(lines)
    if not any(command.startswith("make install") for command in commands):
        problems.append(f"the first {HEAD} lines do not install guidesite (`make install`)")
    for step in STEPS:
        if not any(command.startswith(step) for command in commands):
            problems.append(f"the first {HEAD} lines do not run `{step}`")
    scratch = tempfile.mkdtemp(prefix="guidesite-quick-start-")
    cwd = scratch
    try:
        for command in commands:
            words = shlex.split(command)
            if words[0] == "cd":
                cwd = os.path.join(cwd, words[1])
                continue
            if words[0] != "guidesite":
                continue
            print("$ " + command)
            words[0] = guidesite
            if words[1] == "serve":
                problem = serve(guidesite, cwd, words[1:], "wheel-picker")
                if problem:
                    problems.append(f"`{command}`: {problem}")
                continue
            result = subprocess.run(words, cwd=cwd, capture_output=True, text=True, timeout=120)
            output = result.stdout + result.stderr
            if result.returncode != 0:
                problems.append(f"`{command}` exited {result.returncode}:\n{output}")
            elif words[1] == "check" and (re.search(r": (error|note): |: warning: \[(?!placeholder\])", output)
                                          or "wheel-picker.md:16:5: warning: [placeholder]" not in output):
                problems.append(f"`{command}` reports other problems than the new entry's placeholders:\n{output}")
            elif words[1] == "build" and not os.path.exists(os.path.join(cwd, "Output/components/wheel-picker/index.html")):
                problems.append(f"`{command}` wrote no page for the new entry")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for problem in problems:
        print("quick-start: " + problem)
    print(f"quick-start: {len(commands)} commands, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
