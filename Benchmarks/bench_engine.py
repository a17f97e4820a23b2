#!/usr/bin/env python3
"""Issue 78's targets, for `make bench`: one corpus with two subsets and `languages: [en, fr]` (a
tenth of the entries translated), built with `--all-subsets` by this binary and, alternated, by
`--before`'s; each figure the median of `runs`.

- full build (`--fresh`) and its peak memory (one run under /usr/bin/time);
- one entry's body edited, one entry's title edited, 200 entries' bodies edited at once;
- `check --all-subsets` right after a build, nothing changed;
- the preview (`serve-latency.py`): save to reload of body edits and title edits.

Standalone: bench_engine.py GUIDESITE [--before BINARY] [--count 10000] [--runs 3]
"""
import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SITES_YML = ("subsets:\n  web:\n    sections: [web]\n  forms:\n    categories: [forms]\n"
             "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n")
# (what, target in seconds, or a ratio to the binary before for the full build and its memory)
TARGETS = [("body edit, build", 0.3), ("body edit, serve", 0.06), ("title edit, build", 0.8), ("title edit, serve", 0.6),
           ("200 entries edited, build", 1.5), ("check after a build", 0.3), ("full build", "within 5%"), ("peak memory", "within 10%")]


def corpus_for(binary_index, corpus, workdir, count, stamp, derived_corpus):
    def tenth(name, text):
        if not name.startswith("entry-") or int(name[6:11]) % 10 != 0:
            return {name: text}
        version = hashlib.sha256(text.encode()).hexdigest()[:12]
        translated = re.sub(r'^title: "(.*)"$', r'title: "\1 (fr)"', text[4:], count=1, flags=re.M)
        return {name: text, name[:-3] + ".fr.md": f"---\ntranslation-of: {version}\n" + translated}
    return derived_corpus(corpus, workdir, f"corpus-{count}-engine-{binary_index}", stamp, tenth, SITES_YML)


def serve_medians(binary, root):
    """Body and title edits' save-to-reload medians (ms) from serve-latency.py."""
    printed = subprocess.run([sys.executable, os.path.join(HERE, "serve-latency.py"), binary, root, "--edits", "12", "--title-edits", "5",
                              "--added", "0", "--errors", "0", "--theme-edits", "0", "--include-edits", "0", "--wrk-seconds", "0"],
                             capture_output=True, text=True, check=True).stdout
    body = re.search(r"^save to reload event: median (\d+) ms", printed, re.M)
    title = re.search(r"^title edit, save to reload event: median (\d+) ms", printed, re.M)
    return (int(body.group(1)) / 1000 if body else None), (int(title.group(1)) / 1000 if title else None)


def measure(binaries, roots, count, runs, time_once):
    """Every flow for each binary, alternated; medians by binary and flow."""
    figures = {binary: {what: [] for what, _ in TARGETS} for binary in binaries}
    originals = {}

    def build(binary, *extra):
        return [binary, "build", "--root", roots[binary], "--all-subsets", "--quiet", *extra]

    def timed(binary, what, command, quiet=False):
        time.sleep(2.1)  # stamps of the last two seconds are never trusted
        os.sync()
        began = time.perf_counter()
        # (`check` prints every note: the corpus's subsets make thousands.)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL if quiet else None)
        figures[binary][what].append(time.perf_counter() - began)

    def entry(binary, index):
        path = os.path.join(roots[binary], "Content", "web", f"entry-{index % count:05d}.md")
        originals.setdefault(path, open(path, "rb").read())
        return path

    def rewrite(path, edit):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(edit(text))

    for binary in binaries:
        subprocess.run(build(binary, "--fresh"), check=True)
        figures[binary]["peak memory"].append(time_once(build(binary, "--fresh"))["peak_mb"])
    for attempt in range(runs):
        for binary in binaries:
            timed(binary, "full build", build(binary, "--fresh"))
            # Web entries are odd; every tenth (even) is translated.
            rewrite(entry(binary, 2 * attempt * 100 + 301), lambda text: text + f"\nEdited {attempt}.\n")
            timed(binary, "body edit, build", build(binary))
            rewrite(entry(binary, 2 * attempt * 100 + 401),
                    lambda text: re.sub(r'^title: "(.*)"$', rf'title: "\1 renamed {attempt}"', text, count=1, flags=re.M))
            timed(binary, "title edit, build", build(binary))
            for number in range(200):
                rewrite(entry(binary, 2 * (attempt * 200 + number) + 1001), lambda text: text + f"\nSwitched {attempt}.\n")
            timed(binary, "200 entries edited, build", build(binary))
            timed(binary, "check after a build", [binary, "check", "--root", roots[binary]], quiet=True)
    for path, data in originals.items():
        with open(path, "wb") as handle:
            handle.write(data)
    for binary in binaries:
        body, title = serve_medians(binary, roots[binary])
        figures[binary]["body edit, serve"] = [body] if body is not None else []
        figures[binary]["title edit, serve"] = [title] if title is not None else []
    return {binary: {what: statistics.median(values) if values else None for what, values in flows.items()} for binary, flows in figures.items()}


def report(count, results, runs):
    ours, *before = list(results.values())
    before = before[0] if before else None
    lines = [f"Issue 78's targets at {count:,} entries, two subsets, English and French (a tenth translated), `--all-subsets`:", "",
             "| flow | target | this binary | binary before issue 78 | met |", "|---|---:|---:|---:|---|"]
    for what, target in TARGETS:
        value, was = ours.get(what), before.get(what) if before else None
        if what == "peak memory":
            shown, shown_before = f"{value:.0f} MB", f"{was:.0f} MB" if was else "—"
        else:
            shown = f"{value * 1000:.0f} ms" if value is not None and value < 1 else f"{value:.2f} s" if value is not None else "—"
            shown_before = "—" if was is None else f"{was * 1000:.0f} ms" if was < 1 else f"{was:.2f} s"
        if isinstance(target, str):
            limit = 1.05 if what == "full build" else 1.10
            met = "—" if was is None or value is None else ("yes" if value <= was * limit else "no") + f" ({(value / was - 1) * 100:+.0f}%)"
            target_text = target + " of before"
        else:
            met = "—" if value is None else "yes" if value <= target else "no"
            target_text = f"≤ {target * 1000:.0f} ms" if target < 1 else f"≤ {target} s"
        lines.append(f"| {what} | {target_text} | {shown} | {shown_before} | {met} |")
    lines += ["", f"Medians of {runs} builds each, the binaries alternated; the preview's of 12 body and 5 title edits"
              " (`serve-latency.py`, the full site in both languages). Peak memory: one full build under /usr/bin/time.", ""]
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("guidesite")
    parser.add_argument("--before")
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workdir", default=".build/bench")
    arguments = parser.parse_args()
    sys.path.insert(0, HERE)
    import bench
    workdir = os.path.abspath(arguments.workdir)
    corpus, _, stamp = bench.make_corpus(arguments.count, workdir)
    binaries = [os.path.abspath(arguments.guidesite)] + ([os.path.abspath(arguments.before)] if arguments.before else [])
    roots = {binary: corpus_for(index, corpus, workdir, arguments.count, stamp, bench.derived_corpus) for index, binary in enumerate(binaries)}
    results = measure(binaries, roots, arguments.count, arguments.runs, bench.time_once)
    print("\n".join(report(arguments.count, results, arguments.runs)))


if __name__ == "__main__":
    main()
