#!/usr/bin/env python3
"""`guidesite serve` on a 1,000-entry site while editors save: no reader ever sees a failure.

For each editor's way of saving (`editors.py`), wrk keeps 64 connections reading the edited
entry's page while the entry is saved again and again, each save waited for by its reload event;
wrk must count 0 socket errors and 0 responses other than 2xx, and serve must print one rebuild
a save and no problem. Then a branch switch (`git checkout`) and a script rewriting 200 entries
in place must each settle into one rebuild whose pages all show the new text.

Usage: editor-saves-test.py GUIDESITE [--entries 1000] [--seconds 3]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from editors import WRITERS
from preview import Serve

EDITED = "Content/native/picker.md"
SWITCHED = 200


def entry(number, words):
    return (f"---\ntitle: Entry {number:04d}\ncategories: [controls]\nwcag: [1.3.1]\n---\n"
            f"## Role\n\nText of entry {number}, {words}.\n")


def picker(number):
    return f"---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nThe wheel picker, save {number}.\n".encode()


def write_site(root, entries):
    files = {"site.yml": "title: Editor saves\n", "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
             EDITED: picker(0).decode()}
    files.update({f"Content/native/entry-{number:04d}.md": entry(number, "on main") for number in range(entries)})
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as handle:
            handle.write(text)


def git(root, *arguments):
    subprocess.run(["git", "-C", root, "-c", "user.name=Test", "-c", "user.email=test@example.org", *arguments],
                   check=True, capture_output=True)


def wrk_counts(output):
    """Requests, socket errors and non-2xx responses of a wrk run (its report omits zeros)."""
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    other = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return requests, sum(map(int, errors.groups())) if errors else 0, int(other.group(1)) if other else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("guidesite")
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=3)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="guidesite-editors-")
    root = os.path.join(work, "site")
    failures = []

    def check(condition, what):
        print(("ok:   " if condition else "FAIL: ") + what)
        if not condition:
            failures.append(what)

    try:
        write_site(root, arguments.entries)
        git(root, "init", "-q", "-b", "main")
        git(root, "add", "-A")
        git(root, "commit", "-qm", "main")
        git(root, "checkout", "-qb", "other")
        for number in range(SWITCHED):
            with open(os.path.join(root, f"Content/native/entry-{number:04d}.md"), "w") as handle:
                handle.write(entry(number, "on the other branch"))
        git(root, "commit", "-qam", "other")
        git(root, "checkout", "-q", "main")
        serve = Serve(os.path.abspath(arguments.guidesite), root)
        try:
            saves = 0
            for name, writer in WRITERS.items():
                wrk = subprocess.Popen(["wrk", "-t2", "-c64", f"-d{arguments.seconds}s",
                                        f"http://127.0.0.1:{serve.port}/native/picker/"], stdout=subprocess.PIPE, text=True)
                before, started = serve.rebuilds(), time.time()
                while time.time() - started < arguments.seconds - 0.5:
                    saves += 1
                    writer(os.path.join(root, EDITED), picker(saves))
                    if not serve.wait_for_rebuilds(serve.rebuilds() + 1, 5):
                        break
                    time.sleep(0.05)
                requests, errors, other = wrk_counts(wrk.communicate()[0])
                print(f"{name}: {serve.rebuilds() - before} saves, {requests} responses, {errors} socket errors, {other} non-2xx")
                check(errors == 0 and other == 0 and requests > 0,
                      f"{name}: every response of 64 connections was whole and 2xx ({errors} socket errors, {other} non-2xx)")
            check(f"save {saves}." in serve.get("/native/picker/"), "the page shows the last save")
            check(not serve.problems(), "no problem reported for a state an editor passed through"
                  + "".join("\n      " + line for line in serve.problems()[:5]))

            for way, switch in [("git checkout", lambda: git(root, "checkout", "-q", "other")),
                                (f"{SWITCHED} entries rewritten in place", lambda: rewrite(root))]:
                before = serve.rebuilds()
                switch()
                serve.wait_for_rebuilds(before + 1)
                time.sleep(1.0)  # a second rebuild, if the burst were split, would show by now
                words = "on the other branch" if way == "git checkout" else "rewritten in place"
                stale = [number for number in range(SWITCHED)
                         if words not in serve.get(f"/native/entry-{number:04d}/")]
                check(serve.rebuilds() - before == 1 and not stale,
                      f"{way}: {serve.rebuilds() - before} rebuild(s); {SWITCHED - len(stale)} of {SWITCHED} pages show the new text")
        finally:
            serve.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"editor-saves: {len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


def rewrite(root):
    """What a search and replace over the folder does: each entry truncated and written."""
    for number in range(SWITCHED):
        with open(os.path.join(root, f"Content/native/entry-{number:04d}.md"), "r+") as handle:
            handle.truncate(0)
            handle.write(entry(number, "rewritten in place"))


if __name__ == "__main__":
    main()
