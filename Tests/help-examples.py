#!/usr/bin/env python3
"""Runs every example that every `--help` of guidesite prints, as a user would type it.

The commands are found by walking the SUBCOMMANDS of each help page from `guidesite --help`
down; the examples are the `guidesite ...` lines under each page's "Examples:" (a comment after
two spaces is dropped). Each example runs in a shell of its own, in a scratch site made for it
(with the `../guide` and `~/a11y-guide` sites the examples name, except where an `init` example
creates one), and must exit 0: a usage error (exit 2) or a crash fails. A `serve` example must
answer at the address it prints, and `--open` must hand that address to the desktop's opener.

Usage: help-examples.py GUIDESITE
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

SITE = {
    "site.yml": "title: Help examples\n"
                "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
                "sections:\n  native: {title: Native apps}\n"
                "categories:\n  pickers: {title: Pickers}\n  forms: {title: Forms}\n  controls: {title: Controls}\n"
                "subsets:\n  ios: {title: iOS guide, sections: [native], platforms: [iOS]}\n",
    "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
    "Content/native/carousel.md": "---\ntitle: Carousel\ncategories: [controls]\nwcag: [2.2.2]\n---\n"
                                  "## iOS\n\nSwipe with three fingers.\n\n## Android\n\nSwipe with two fingers.\n",
}

# Stands in for the desktop's opener, so `serve --open` is seen asking for its address.
OPENER = '#!/bin/sh\nprintf "%s\\n" "$*" >> "$GUIDESITE_OPENED"\n'


def help_text(guidesite, words):
    result = subprocess.run([guidesite, *words, "--help"], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        sys.exit(f"guidesite {' '.join(words)} --help exited {result.returncode}")
    return result.stdout


def subcommands(text):
    """The names under SUBCOMMANDS: (ArgumentParser's own `help` is not one of ours)."""
    names, inside = [], False
    for line in text.splitlines():
        if line.startswith("SUBCOMMANDS:"):
            inside = True
        elif inside and re.match(r"^  [a-z]", line):
            names.append(line.split()[0])
        elif inside and line and not line.startswith(" "):
            inside = False
    return [name for name in names if name != "help"]


def examples(text):
    """The example commands, and the lines of the block that are none (a command the help
    wrapped onto two lines cannot be copied as printed)."""
    found, wrapped, inside = [], [], False
    for line in text.splitlines():
        if line.strip() == "Examples:":
            inside = True
        elif inside and line.strip().startswith("guidesite "):
            found.append(re.split(r"\s{2,}", line.strip())[0])
        elif inside and line.strip():
            wrapped.append(line.strip())
        elif inside:
            inside = False
    return found, wrapped


def write_site(root):
    for path, text in SITE.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as handle:
            handle.write(text)


def scratch(guidesite, command):
    """A fresh folder: bin/ (guidesite and the opener), home/, and the site the shell starts in."""
    top = tempfile.mkdtemp(prefix="guidesite-help-")
    os.makedirs(os.path.join(top, "bin"))
    os.symlink(guidesite, os.path.join(top, "bin", "guidesite"))
    with open(os.path.join(top, "bin", "xdg-open"), "w") as handle:
        handle.write(OPENER)
    os.chmod(os.path.join(top, "bin", "xdg-open"), 0o755)
    os.makedirs(os.path.join(top, "home"))
    write_site(os.path.join(top, "site"))
    if not command.startswith("guidesite init "):
        write_site(os.path.join(top, "guide"))
        write_site(os.path.join(top, "home", "a11y-guide"))
    environment = dict(os.environ, HOME=os.path.join(top, "home"), PATH=os.path.join(top, "bin") + ":" + os.environ["PATH"],
                       GUIDESITE_OPENED=os.path.join(top, "opened"))
    environment.pop("BROWSER", None)
    return top, environment


def verdict(code, output):
    if code == 0:
        return None
    if code == 2:
        return f"usage error (exit 2): {output.strip()[-400:]}"
    if code < 0 or code >= 128:
        return f"crashed (exit {code}): {output.strip()[-400:]}"
    return f"exit {code}: {output.strip()[-400:]}"


def run_serve(command, top, environment):
    server = subprocess.Popen(["sh", "-c", command], cwd=os.path.join(top, "site"), env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    address, lines = None, []
    deadline = time.time() + 120
    try:
        while time.time() < deadline:
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.search(r"Serving .* at (http://\S+) ", line)
            if found:
                address = found.group(1)
                break
        if address is None:
            return verdict(server.wait(timeout=10), "".join(lines)) or "never said where it serves"
        local = re.sub(r"//(0\.0\.0\.0|\[::\])", "//127.0.0.1", address)
        with urllib.request.urlopen(local, timeout=10) as response:
            if response.status != 200 or b"</html>" not in response.read():
                return f"{local} answered {response.status}"
        if "--open" in command.split():
            opened = os.path.join(top, "opened")
            for _ in range(50):
                if os.path.exists(opened):
                    break
                time.sleep(0.1)
            if not os.path.exists(opened) or address not in open(opened).read():
                return f"--open did not open {address}"
        return None
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def run(command, top, environment):
    result = subprocess.run(["sh", "-c", command], cwd=os.path.join(top, "site"), env=environment,
                            capture_output=True, text=True, timeout=300)
    problem = verdict(result.returncode, result.stdout + result.stderr)
    if problem is None and "--format json" in command and ">" in command:
        target = os.path.join(top, "site", command.rsplit(">", 1)[1].strip())
        try:
            json.load(open(target))
        except (OSError, ValueError) as error:
            problem = f"{target} is not JSON: {error}"
    return problem


def main():
    guidesite = os.path.abspath(sys.argv[1])
    pages, queue, seen, failures = {}, [[]], set(), []
    while queue:
        words = queue.pop(0)
        text = help_text(guidesite, words)
        pages[" ".join(["guidesite", *words])], wrapped = examples(text)
        for line in wrapped:
            print(f"FAIL: guidesite {' '.join(words)} --help: an example wraps onto a second line at 80 columns: {line}")
            failures.append(line)
        queue.extend([*words, name] for name in subcommands(text))
    passed, failed = 0, len(failures)
    for page, commands in pages.items():
        if not commands:
            print(f"FAIL: {page} --help shows no example")
            failed += 1
        for command in commands:
            if command in seen:
                continue
            seen.add(command)
            top, environment = scratch(guidesite, command)
            try:
                serving = command.split()[1] == "serve"
                problem = run_serve(command, top, environment) if serving else run(command, top, environment)
            finally:
                shutil.rmtree(top, ignore_errors=True)
            if problem:
                print(f"FAIL: {command}  ({page} --help): {problem}")
                failed += 1
            else:
                print(f"ok:   {command}")
                passed += 1
    print(f"help-examples: {passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
