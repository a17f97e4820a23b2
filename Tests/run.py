#!/usr/bin/env python3
"""`make test`: every check of the project, in one list, on both cores, with each step's time.

GuideSite and its tests are compiled once, optimised and testable (`-c release -Xswiftc
-enable-testing`): the unit tests, the command-line checks, the hostile inputs, the fuzz replay
and the audit all run that one build. Steps start as soon as the steps they need have passed and
a core is free, in the order of the list; each step's output is printed whole when it ends, and
the run ends with a table of every step's time (also in .build/test-logs/times.md).

Usage: Tests/run.py [STEP ...]   (only those steps, with the steps they need)
       Tests/run.py --list       (the steps, in order)
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SWIFT = os.environ.get("SWIFT", "swift")
PYTHON = os.environ.get("PYTHON", sys.executable)
AUDIT_PY = ".build/audit/venv/bin/python"
AXE = ".build/audit/axe.min.js"
BUILD = [SWIFT, "build", "-c", "release", "-Xswiftc", "-enable-testing"]
BIN = ".build/release/guidesite"
FUZZ_BIN = ".build/release/guidesite-fuzz"
FIXTURES = ["docusaurus-library", "vitepress-library", "jekyll-library", "headings-library", "developer-notes", "translated-library", "eleventy-library", "mkdocs-library",
            "hugo-library", "criteria-ja-library", "jekyll-kramdown-library", "containers-library", "starlight-library"]
BROWSER_TESTS = ["injection", "search", "code", "print", "portable", "acceptance", "basket", "brand", "support", "layout"]
FUZZ_REPLAY = " && ".join(
    f"GUIDESITE_FUZZ_TARGET={target} {FUZZ_BIN} Tests/fuzz/seeds/{target} Tests/fuzz/regressions/{target}"
    for target in ["front-matter", "markdown", "templates"])


class Step:
    """A command; the steps it needs to have passed; how many cores it keeps busy (2: it runs
    alone, as the timed checks must)."""

    def __init__(self, name, command, after=(), cores=1):
        self.name, self.command, self.after, self.cores = name, command, list(after), cores
        self.seconds, self.status = None, "not run"


STEPS = [
    Step("layers", [PYTHON, "Scripts/check-layers.py"]),
    Step("build", BUILD + ["--product", "guidesite"], cores=2),
    # The test bundle and the fuzz targets by name: `--build-tests` also builds every tool and
    # example of the dependencies (Hummingbird's PerformanceTest, ArgumentParser's generators).
    Step("build-tests", ["sh", "-c", " ".join(BUILD) + " --product GuideSitePackageTests && "
                         + " ".join(BUILD) + " --product guidesite-fuzz"], after=["build"]),
    Step("swift-test", [SWIFT, "test", "-c", "release", "-Xswiftc", "-enable-testing", "--skip-build", "--parallel"],
         after=["build-tests"], cores=2),
    # The sample site and the user guide with --strict, the fixture libraries as they are.
    Step("audit", [AUDIT_PY, "Tests/audit/audit.py", "--guidesite", BIN, "--axe", AXE, "--root", ".", "--root", "docs"]
         + [argument for library in FIXTURES for argument in ("--fixture", f"Tests/fixtures/{library}")],
         after=["build"], cores=2),
    Step("hostile", [PYTHON, "Tests/hostile/catalogue.py", BIN], after=["build"], cores=2),
    Step("cli-checks", ["./Tests/cli-checks.sh", BIN], after=["build"]),
    Step("help-examples", [PYTHON, "Tests/help-examples.py", BIN], after=["build"]),
    Step("quick-start", [PYTHON, "Tests/quick-start.py", BIN], after=["build"]),
    Step("whole-responses", [PYTHON, "Tests/serve/whole-responses-test.py", BIN], after=["build"]),
    # wrk's 64 connections and the rebuilds keep both cores busy.
    Step("editor-saves", [PYTHON, "Tests/serve/editor-saves-test.py", BIN], after=["build"], cores=2),
    Step("kill-test", ["./Tests/kill-test.sh", BIN, "50"], after=["build"]),
    *[Step(f"browser-{name}", [AUDIT_PY, f"Tests/audit/{name}-test.py", "--guidesite", BIN]
           + (["--axe", AXE] if name in ("brand", "support") else []), after=["build"])
      for name in BROWSER_TESTS],
    Step("negative-control", ["env", f"PYTHON={AUDIT_PY}", "./Tests/audit/negative-control.sh", BIN, AXE], after=["build"]),
    Step("fuzz-replay", ["sh", "-c", FUZZ_REPLAY], after=["build-tests"]),
]


def chosen(names):
    """The steps named, with every step they need, in the list's order."""
    by_name = {step.name: step for step in STEPS}
    wanted, pending = set(), list(names)
    while pending:
        name = pending.pop()
        if name not in by_name:
            sys.exit(f"run.py: no step '{name}' (see --list)")
        if name not in wanted:
            wanted.add(name)
            pending += by_name[name].after
    return [step for step in STEPS if step.name in wanted]


def run(steps, cores):
    logs = ".build/test-logs"
    os.makedirs(logs, exist_ok=True)
    lock = threading.Condition()
    busy = [0]
    print_lock = threading.Lock()

    def ready(step):
        return all(other.status == "passed" for other in steps if other.name in step.after)

    def blocked(step):
        return any(other.status in ("failed", "skipped") for other in steps if other.name in step.after)

    def execute(step):
        log = os.path.join(logs, step.name + ".log")
        start = time.monotonic()
        with open(log, "w") as handle:
            code = subprocess.call(step.command, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        step.seconds = time.monotonic() - start
        with print_lock, open(log, errors="replace") as handle:
            print(f"==== {step.name} ({step.seconds:.0f} s, exit {code})", flush=True)
            sys.stdout.write(handle.read())
            sys.stdout.flush()
        with lock:
            step.status = "passed" if code == 0 else "failed"
            busy[0] -= step.cores
            lock.notify_all()

    with lock:
        while True:
            for step in steps:
                if step.status == "not run" and blocked(step):
                    step.status = "skipped"
            waiting = [step for step in steps if step.status == "not run"]
            running = [step for step in steps if step.status == "running"]
            if not waiting and not running:
                break
            startable = [step for step in waiting if ready(step)
                         and (busy[0] + step.cores <= cores or busy[0] == 0)]
            if startable:
                step = startable[0]
                step.status = "running"
                busy[0] += step.cores
                threading.Thread(target=execute, args=(step,)).start()
                continue
            lock.wait()


def table(steps, wall):
    rows = ["| step | seconds | result |", "|---|---:|---|"]
    for step in steps:
        rows.append(f"| {step.name} | {step.seconds:.0f} | {step.status} |" if step.seconds is not None
                    else f"| {step.name} | | {step.status} |")
    rows.append(f"| **wall clock** | **{wall:.0f}** | |")
    return "\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("steps", nargs="*", help="run only these steps and those they need")
    parser.add_argument("--list", action="store_true", help="print the steps in order and stop")
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 2, help="cores the steps share (default: all)")
    arguments = parser.parse_args()
    if arguments.list:
        for step in STEPS:
            print(f"{step.name:18} after {', '.join(step.after) or '-':12} {' '.join(step.command)[:90]}")
        return
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    # Every build of the run counts support results' age to the day it began: a test comparing
    # a build with a fresh one must not straddle midnight.
    os.environ.setdefault("SOURCE_DATE_EPOCH", str(int(time.time())))
    steps = chosen(arguments.steps) if arguments.steps else STEPS
    # The tests write thousands of small sites: on this machine's disk (ext4 without a journal)
    # their files cost swift test 4.7 minutes of kernel time, in memory 0.4 (Benchmarks/NOTES.md).
    shared_memory = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    os.environ["TMPDIR"] = tempfile.mkdtemp(prefix="guidesite-test-", dir=shared_memory)
    start = time.monotonic()
    try:
        run(steps, arguments.cores)
    finally:
        shutil.rmtree(os.environ["TMPDIR"], ignore_errors=True)
    summary = table(steps, time.monotonic() - start)
    with open(".build/test-logs/times.md", "w") as handle:
        handle.write(summary + "\n")
    print("\nmake test, each step's time:\n" + summary)
    failed = [step.name for step in steps if step.status != "passed"]
    if failed:
        print("Failed or not run: " + ", ".join(failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
