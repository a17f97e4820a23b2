#!/usr/bin/env python3
"""`make bench`: GuideSite beside Hugo on the same generated corpus, in one run.

For each N it generates the corpus (generate-corpus.py), makes a Hugo site over the very same
Markdown files (a minimal equivalent layout: entry pages with their test tables, section lists,
`categories` and `wcag` taxonomies), then measures with hyperfine:

- GuideSite full build and Hugo full build, each run into a new, empty output folder
- GuideSite rebuild of every page (--fresh) with the previous Output/ in place
- GuideSite rebuild with nothing changed, and whether it rewrote any file
- GuideSite rebuild after one entry changed
- peak memory and CPU utilisation of one full build of each (/usr/bin/time)
- runs of several sites (two subsets; English and French): a full build, and one entry's body
  edited (bench_sites.py), beside `--before`'s binary when given
- at 10,000 entries, issue 78's targets (bench_engine.py): both subsets and languages at once

and writes the medians and ratios to Benchmarks/results.md (or --output).

Usage: bench.py GUIDESITE [--sizes 1000 10000] [--runs 3] [--output Benchmarks/results.md] [--before BINARY]
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

import bench_cold
import bench_engine
import bench_large
import bench_sites

HERE = os.path.dirname(os.path.abspath(__file__))

HUGO_CONFIG = """baseURL = "http://example.org/"
languageCode = "en"
title = "Benchmark guide"
contentDir = "Content"
disableKinds = ["RSS", "sitemap", "robotsTXT"]
[taxonomies]
  category = "categories"
  wcag = "wcag"
[markup.goldmark.renderer]
  unsafe = false
"""

HUGO_BASEOF = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title></head>
<body>
<nav aria-label="Main"><ul>{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
"""

HUGO_SINGLE = """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ with .Params.description }}<p>{{ . }}</p>{{ end }}
{{ range $table := slice "keyboard" "mobile" "screenreader" "settings" }}
{{ with index $.Params $table }}
<table><caption>{{ $table }}</caption>
{{ range $key, $value := . }}<tr><th scope="row">{{ $key }}</th><td>{{ $value }}</td></tr>{{ end }}
</table>
{{ end }}{{ end }}
{{ .TableOfContents }}
{{ .Content }}
<ul>{{ range .GetTerms "categories" }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>
<ul>{{ range .GetTerms "wcag" }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>
{{ end }}
"""

HUGO_LIST = """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ .Content }}
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.description }}</li>{{ end }}</ul>
{{ end }}
"""


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def make_hugo_site(corpus, hugo_root):
    """A Hugo site whose content folder is the corpus's own Content/ (a symbolic link)."""
    shutil.rmtree(hugo_root, ignore_errors=True)
    os.makedirs(os.path.join(hugo_root, "layouts", "_default"))
    with open(os.path.join(hugo_root, "hugo.toml"), "w") as handle:
        handle.write(HUGO_CONFIG)
    for name, text in [("baseof.html", HUGO_BASEOF), ("single.html", HUGO_SINGLE), ("list.html", HUGO_LIST)]:
        with open(os.path.join(hugo_root, "layouts", "_default", name), "w") as handle:
            handle.write(text)
    # Hugo reads `_index.md` as a section's page; the corpus has index.md, which it would read as
    # a page called "index". Hugo gets its own copy of the content folder for that one file.
    shutil.copytree(os.path.join(corpus, "Content"), os.path.join(hugo_root, "Content"))
    os.rename(os.path.join(hugo_root, "Content", "index.md"), os.path.join(hugo_root, "Content", "_index.md"))


def hyperfine(name, command, runs, prepare=None, workdir=None):
    export = f"/tmp/guidesite-bench-{os.getpid()}.json"
    arguments = ["hyperfine", "--runs", str(runs), "--export-json", export, "--style", "basic", "-n", name]
    # Every run starts with nothing left to write back: a build writes 200 MB, and the kernel
    # writing the last run's pages to disk during the next one (past vm.dirty_background_ratio)
    # took CPU from it, by chance of timing (one of three identical builds took 14.5 s, not 3.5).
    arguments += ["--prepare", f"sync; {prepare}" if prepare else "sync"]
    arguments.append(command)
    run(arguments, cwd=workdir, stdout=subprocess.DEVNULL)
    with open(export) as handle:
        result = json.load(handle)["results"][0]
    os.remove(export)
    return {"median": result["median"], "min": result["min"], "max": result["max"], "runs": len(result["times"])}


def time_once(command, workdir=None):
    """Peak memory (MB) and CPU utilisation (user+sys over wall) of one run."""
    os.sync()
    completed = subprocess.run(["/usr/bin/time", "-v"] + command, cwd=workdir, capture_output=True, text=True)
    if completed.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{completed.stdout}\n{completed.stderr}")
    report = completed.stderr

    def field(label):
        return re.search(re.escape(label) + r":\s*(.+)", report).group(1).strip()

    wall_text = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
    parts = [float(part) for part in wall_text.split(":")]
    wall = sum(part * 60 ** position for position, part in enumerate(reversed(parts)))
    user, system = float(field("User time (seconds)")), float(field("System time (seconds)"))
    return {"peak_mb": int(field("Maximum resident set size (kbytes)")) / 1024, "cpu": (user + system) / wall if wall else 0,
            "wall": wall, "user": user, "system": system, "stdout": completed.stdout}


def snapshot(folder):
    """Modification time and inode of every file below `folder`."""
    result = {}
    for directory, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(directory, name)
            status = os.stat(path)
            result[os.path.relpath(path, folder)] = (status.st_mtime_ns, status.st_ino)
    return result


def search_figures(output):
    """Index size against the site's HTML, and query times in headless Chromium (median of several)."""
    index = os.path.getsize(os.path.join(output, "search", "index.js"))
    pages = [(os.path.getsize(os.path.join(d, f)), os.path.relpath(os.path.join(d, f), output))
             for d, _, fs in os.walk(output) for f in fs if f.endswith(".html")]
    html = sum(size for size, _ in pages)
    # The heaviest page a reader can open (issue 37: none over 500 kB, long lists in numbered pages).
    largest = max(pages)
    figures = {"index_mb": index / 1e6, "html_mb": html / 1e6, "ratio": index / html, "largest_kb": largest[0] / 1e3, "largest": largest[1]}
    try:
        sys.path.insert(0, os.path.join(HERE, "..", "Tests", "audit"))
        from audit import new_driver, serve
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        return figures
    server = serve(output)
    driver = new_driver()
    times = []
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/search/"
        for query in ["picker", "2.4.7", "focus visible", "carousel 12", "screen reader announces", "slider", "tab bar", "1.4.3"]:
            driver.get(base + "?q=" + query.replace(" ", "+"))
            WebDriverWait(driver, 60).until(lambda d: d.find_element("id", "search-results").get_attribute("data-ms"))
            # The first query includes nothing but the search itself (data-ms is measured after
            # the index is loaded); run each twice and keep the second, as a reader typing would.
            driver.execute_script("document.getElementById('search-results').removeAttribute('data-ms');"
                                  "document.getElementById('search-form').requestSubmit();")
            WebDriverWait(driver, 60).until(lambda d: d.find_element("id", "search-results").get_attribute("data-ms"))
            times.append(float(driver.find_element("id", "search-results").get_attribute("data-ms")))
    finally:
        driver.quit()
        server.shutdown()
    times.sort()
    figures["query_ms"] = times[len(times) // 2]
    figures["query_max_ms"] = times[-1]
    return figures


def make_corpus(count, workdir):
    """The generated corpus of `count` entries and Hugo's copy, and the stamp they were made with."""
    corpus = os.path.join(workdir, f"corpus-{count}")
    hugo_root = os.path.join(workdir, f"hugo-{count}")
    # The corpus and Hugo's copy are made again only when the generator or the Hugo site changed:
    # deleting and writing 20,000 files just before timing would slow what follows (see Notes).
    stamp_path = os.path.join(workdir, f"corpus-{count}.stamp")
    with open(os.path.join(HERE, "generate-corpus.py"), "rb") as handle:
        stamp = hashlib.sha256(handle.read() + (HUGO_CONFIG + HUGO_BASEOF + HUGO_SINGLE + HUGO_LIST).encode()).hexdigest()
    current = open(stamp_path).read() if os.path.exists(stamp_path) else ""
    if current != stamp or not os.path.isdir(corpus) or not os.path.isdir(hugo_root):
        shutil.rmtree(corpus, ignore_errors=True)
        run([sys.executable, os.path.join(HERE, "generate-corpus.py"), str(count), corpus], stdout=subprocess.DEVNULL)
        make_hugo_site(corpus, hugo_root)
        with open(stamp_path, "w") as handle:
            handle.write(stamp)
    return corpus, hugo_root, stamp


def bench_size(guidesite, count, runs, workdir, before=None):
    corpus, hugo_root, stamp = make_corpus(count, workdir)
    megabytes = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(corpus, "Content")) for f in fs) / 1e6
    build = f"{guidesite} build --root {corpus} --quiet"
    hugo = f"hugo --quiet -s {hugo_root} -d {hugo_root}/public"
    # One build of each first: warms the page cache and checks both succeed.
    run(build.split(), stdout=subprocess.DEVNULL)
    run(hugo.split(), stdout=subprocess.DEVNULL)
    row = {"count": count, "megabytes": megabytes}
    # Full builds write into a folder never used before, for both tools: removing the last
    # build's 20,000 folders and files first would time the file system instead (ext4 without a
    # journal scans the inodes freed in the last minutes on every new one; see Notes).
    fresh = os.path.join(workdir, f"fresh-{count}")
    shutil.rmtree(fresh, ignore_errors=True)
    os.makedirs(fresh)
    unique = "$(date +%s%N)"
    row["guidesite_full"] = hyperfine("guidesite", f"{build} --output {fresh}/guidesite-{unique}", runs)
    # The same build with `markdown: {highlight: false}`: what highlighting the code costs.
    plain = os.path.join(workdir, f"corpus-{count}-plain")
    os.makedirs(plain, exist_ok=True)
    if not os.path.islink(os.path.join(plain, "Content")):
        os.symlink(os.path.join(corpus, "Content"), os.path.join(plain, "Content"))
    with open(os.path.join(corpus, "site.yml")) as source, open(os.path.join(plain, "site.yml"), "w") as handle:
        handle.write(source.read() + "markdown: {highlight: false}\n")
    # Alternated, each into a new folder after sync: one after the other, the machine's drift
    # over a minute showed as a third of the difference.
    with_code, without = [], []
    for attempt in range(max(runs, 5)):
        for root, times in ((corpus, with_code), (plain, without)):
            os.sync()
            began = time.perf_counter()
            run([guidesite, "build", "--root", root, "--quiet", "--output", f"{fresh}/alternate-{len(times)}-{os.path.basename(root)}"])
            times.append(time.perf_counter() - began)
    row["guidesite_highlighted"] = {"median": statistics.median(with_code)}
    row["guidesite_plain"] = {"median": statistics.median(without)}
    row["history"] = bench_history(guidesite, corpus, git_corpus(corpus, workdir, count, stamp), runs, fresh)
    row["languages"] = bench_languages(guidesite, corpus, bilingual_corpus(corpus, workdir, count, stamp), runs, fresh)
    row["templates"] = bench_templates(guidesite, corpus, templated_corpus(corpus, workdir, count, stamp), runs, fresh)
    binaries = [guidesite] + ([before] if before else [])
    row["sites"] = bench_sites.bench(binaries, bench_sites.corpora(corpus, workdir, count, stamp, derived_corpus, binaries),
                                     count, max(runs, 5), fresh)
    if count >= 10000:
        roots = {binary: bench_engine.corpus_for(index, corpus, workdir, count, stamp, derived_corpus) for index, binary in enumerate(binaries)}
        row["engine"] = bench_engine.measure(binaries, roots, count, max(runs, 5), time_once)
    row["hugo_full"] = hyperfine("hugo", f"hugo --quiet -s {hugo_root} -d {fresh}/hugo-{unique}", runs)
    row["cold"] = bench_cold.measure(guidesite, corpus, hugo_root, fresh, runs)
    row["guidesite_time"] = time_once(build.split() + ["--output", f"{fresh}/guidesite-timed"])
    row["hugo_time"] = time_once(["hugo", "--quiet", "-s", hugo_root, "-d", f"{fresh}/hugo-timed"])
    # The second build after a first one into a new folder, with one entry edited in between:
    # the flow of someone who just built the site once (no spare site yet, so patched in place).
    edited = os.path.join(corpus, "Content", "native", "entry-00000.md")
    original = open(edited, "rb").read()
    seconds_taken, second_patched = [], []
    for attempt in range(runs):
        folder = os.path.join(fresh, f"second-{attempt}")
        run(build.split() + ["--output", folder], stdout=subprocess.DEVNULL)
        with open(edited, "ab") as handle:
            handle.write(f"\nSecond build {attempt}.\n".encode())
        os.sync()
        began = time.perf_counter()
        said = subprocess.run([guidesite, "build", "--root", corpus, "--output", folder], capture_output=True, text=True).stdout
        seconds_taken.append(time.perf_counter() - began)
        second_patched.append("rendered again after edits" in said)
        with open(edited, "wb") as handle:
            handle.write(original)
    row["guidesite_second"] = {"median": statistics.median(seconds_taken), "patched": all(second_patched)}
    # Rebuilds in the usual Output/, after two builds (the second leaves the spare site).
    run(build.split() + ["--fresh"], stdout=subprocess.DEVNULL)
    row["guidesite_refresh"] = hyperfine("guidesite --fresh", f"{build} --fresh", runs)
    run(build.split(), stdout=subprocess.DEVNULL)
    before = snapshot(os.path.join(corpus, "Output"))
    row["guidesite_unchanged"] = hyperfine("guidesite unchanged", build, runs)
    after = snapshot(os.path.join(corpus, "Output"))
    row["files"] = len(after)
    row["rewritten"] = sum(1 for path, stamp in after.items() if before.get(path) != stamp)
    counter = os.path.join(workdir, "edit-counter")
    # Each run appends a new sentence to one entry: every run has a real change to build.
    prepare = f"echo >> {counter}; echo \"Edited $(wc -l < {counter}) times.\" >> {edited}"
    row["guidesite_one_changed"] = hyperfine("guidesite one entry changed", build, runs, prepare=prepare)
    # Once more, to see how it went: a patch of the last build (that page rendered again), or not.
    subprocess.run(prepare, shell=True, check=True)
    said = subprocess.run([guidesite, "build", "--root", corpus], capture_output=True, text=True).stdout
    row["patched"] = "rendered again after edits" in said
    with open(edited, "wb") as handle:
        handle.write(original)
    run(build.split(), stdout=subprocess.DEVNULL)
    timed = os.path.join(fresh, "timings")
    timings = subprocess.run([guidesite, "build", "--root", corpus, "--timings", "--output", timed], capture_output=True, text=True).stdout
    # The site the patches left equals a full build of the same content, byte for byte.
    row["patched_equal"] = subprocess.run(["diff", "-rq", os.path.join(corpus, "Output"), timed], stdout=subprocess.DEVNULL).returncode == 0
    row["search"] = search_figures(os.path.join(corpus, "Output"))
    row["timings"] = [line.strip() for line in timings.splitlines() if line.strip().endswith(tuple("abcdefghijklmnopqrstuvwxyz"))]
    # Search beside Pagefind on the same built site (10,000 entries and more).
    if count >= 10000:
        built = f"{fresh}/alternate-0-{os.path.basename(corpus)}"
        row["search"] = subprocess.run([sys.executable, os.path.join(HERE, "search-bench.py"), built, "--markdown"],
                                       capture_output=True, text=True, check=True).stdout
    return row


def git_corpus(corpus, workdir, count, stamp):
    """The corpus in a git repository of its own with one commit per file (an hour apart), made
    with git fast-import (10,000 `git commit`s take minutes); again only when the corpus changed."""
    repo = os.path.join(workdir, f"corpus-{count}-git")
    stamp_path = repo + ".stamp"
    if os.path.isdir(os.path.join(repo, ".git")) and os.path.exists(stamp_path) and open(stamp_path).read() == stamp:
        return repo
    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(repo)
    shutil.copytree(os.path.join(corpus, "Content"), os.path.join(repo, "Content"))
    shutil.copy(os.path.join(corpus, "site.yml"), os.path.join(repo, "site.yml"))
    files = sorted(os.path.relpath(os.path.join(folder, name), repo)
                   for folder, _, names in os.walk(repo) for name in names)
    run(["git", "-C", repo, "-c", "init.defaultBranch=main", "init", "-q"])
    importer = subprocess.Popen(["git", "-C", repo, "fast-import", "--quiet"], stdin=subprocess.PIPE)
    for number, path in enumerate(files):
        data = open(os.path.join(repo, path), "rb").read()
        message = f"Add {path}\n".encode()
        when = 1_700_000_000 + number * 3600
        importer.stdin.write(b"commit refs/heads/main\n")
        importer.stdin.write(f"author Bench <bench@example.org> {when} +0000\n".encode())
        importer.stdin.write(f"committer Bench <bench@example.org> {when} +0000\n".encode())
        importer.stdin.write(b"data %d\n%s\n" % (len(message), message))
        importer.stdin.write(b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data))
    importer.stdin.close()
    if importer.wait() != 0:
        sys.exit("git fast-import failed")
    run(["git", "-C", repo, "reset", "-q"])
    run(["git", "-C", repo, "gc", "-q"])
    with open(stamp_path, "w") as handle:
        handle.write(stamp)
    return repo


def bench_history(guidesite, corpus, repo, runs, fresh):
    """Full builds of the corpus outside git and in its repository, alternated, each into a new
    folder: with the history read from scratch (a fresh clone's first build) and with the
    history the last build kept; then builds after one new commit each."""
    cache = os.path.join(repo, ".guidesite-cache", "history")
    times = {"none": [], "cold": [], "kept": []}
    for attempt in range(max(runs, 5)):
        for kind in ("none", "cold", "kept"):
            if kind == "cold" and os.path.exists(cache):
                os.remove(cache)
            os.sync()
            began = time.perf_counter()
            run([guidesite, "build", "--root", corpus if kind == "none" else repo, "--quiet",
                 "--output", f"{fresh}/history-{kind}-{attempt}"], stdout=subprocess.DEVNULL)
            times[kind].append(time.perf_counter() - began)
    edited = os.path.join(repo, "Content", "native", "entry-00000.md")
    commits = []
    for attempt in range(runs):
        with open(edited, "a") as handle:
            handle.write(f"\nCommitted edit {attempt}.\n")
        run(["git", "-C", repo, "-c", "user.name=Bench", "-c", "user.email=bench@example.org", "commit", "-q", "-a", "-m", "Edit"])
        os.sync()
        began = time.perf_counter()
        run([guidesite, "build", "--root", repo, "--quiet", "--output", f"{fresh}/history-commit-{attempt}"], stdout=subprocess.DEVNULL)
        commits.append(time.perf_counter() - began)
    run(["git", "-C", repo, "reset", "-q", "--hard", f"HEAD~{runs}"])
    count = subprocess.run(["git", "-C", repo, "rev-list", "--count", "HEAD"], capture_output=True, text=True).stdout.strip()
    figures = {kind: statistics.median(values) for kind, values in times.items()}
    figures["commit"] = statistics.median(commits)
    figures["commits"] = int(count)
    return figures


def derived_corpus(corpus, workdir, name, stamp, rewrite, site_yml=""):
    """A copy of the corpus with every Markdown file passed through `rewrite(name, text)` (which
    returns the files to write, by name), and `site_yml` added to its site.yml; made again only
    when the corpus changed."""
    root = os.path.join(workdir, name)
    stamp_path = root + ".stamp"
    if os.path.isdir(root) and os.path.exists(stamp_path) and open(stamp_path).read() == stamp:
        return root
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(os.path.join(corpus, "Content"), os.path.join(root, "Content"))
    for folder, _, names in os.walk(os.path.join(root, "Content")):
        for file_name in names:
            if file_name.endswith(".md"):
                source = open(os.path.join(folder, file_name), "rb").read().decode()
                for written, text in rewrite(file_name, source).items():
                    with open(os.path.join(folder, written), "w") as handle:
                        handle.write(text)
    with open(os.path.join(corpus, "site.yml")) as source, open(os.path.join(root, "site.yml"), "w") as handle:
        handle.write(source.read() + site_yml)
    with open(stamp_path, "w") as handle:
        handle.write(stamp)
    return root


def bilingual_corpus(corpus, workdir, count, stamp):
    """The corpus in two languages: every entry and page translated into French beside its
    source (`entry-00001.fr.md`, its title marked, `translation-of:` naming the source's version,
    so every translation is up to date)."""
    def translate(name, text):
        version = hashlib.sha256(text.encode()).hexdigest()[:12]
        if text.startswith("---\n"):
            text = f"---\ntranslation-of: {version}\n" + text[4:]
        else:
            text = f"---\ntranslation-of: {version}\n---\n\n" + text
        return {name[:-3] + ".fr.md": re.sub(r'^title: "(.*)"$', r'title: "\1 (fr)"', text, count=1, flags=re.M)}
    return derived_corpus(corpus, workdir, f"corpus-{count}-bilingual", stamp, translate,
                          "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n")


def bench_languages(guidesite, corpus, bilingual, runs, fresh):
    """Full builds of the corpus in one language and in two (every page translated), alternated,
    each into a new folder: the time per page written, which the second language should not raise
    by more than 10%."""
    times = {"one": [], "two": []}
    pages = {}
    for attempt in range(max(runs, 5)):
        for kind, root in (("one", corpus), ("two", bilingual)):
            os.sync()
            began = time.perf_counter()
            said = subprocess.run([guidesite, "build", "--root", root, "--output", f"{fresh}/languages-{kind}-{attempt}"],
                                  capture_output=True, text=True, check=True).stdout
            times[kind].append(time.perf_counter() - began)
            pages[kind] = int(re.search(r"Wrote ([\d,]+) pages", said).group(1).replace(",", ""))
    figures = {kind: statistics.median(values) for kind, values in times.items()}
    figures["pages"] = pages
    return figures


def templated_corpus(corpus, workdir, count, stamp):
    """The corpus as a Jekyll or Eleventy library writes it: every page uses a variable of its own
    front matter and an include (`{{ page.title }}`, `{% include "note.html" %}`)."""
    def template(name, text):
        cut = text.index("\n---\n", 4) + 5 if text.startswith("---\n") else 0
        return {name: text[:cut] + "\nAbout {{ page.title }}.\n\n{% include \"note.html\" %}\n" + text[cut:]}
    root = derived_corpus(corpus, workdir, f"corpus-{count}-templated", stamp, template)
    os.makedirs(os.path.join(root, "Content", "_includes"), exist_ok=True)
    with open(os.path.join(root, "Content", "_includes", "note.html"), "w") as handle:
        handle.write('<p class="note">Checked with the team\'s screen readers.</p>\n')
    return root


def bench_templates(guidesite, corpus, templated, runs, fresh):
    """Full builds of the corpus and of its templated copy, alternated, each into a new folder."""
    times = {"plain": [], "templated": []}
    # Seven pairs at least: a single build on this disk varies by a third, the difference is 5%.
    for attempt in range(max(runs, 7)):
        for kind, root in (("plain", corpus), ("templated", templated)):
            os.sync()
            began = time.perf_counter()
            run([guidesite, "build", "--root", root, "--quiet", "--output", f"{fresh}/templates-{kind}-{attempt}"])
            times[kind].append(time.perf_counter() - began)
    return {kind: statistics.median(values) for kind, values in times.items()}


def seconds(value):
    return f"{value:.2f} s" if value >= 1 else f"{value * 1000:.0f} ms"


def report(rows, runs, hugo_version):
    cores = os.cpu_count()
    lines = [
        "# Benchmark results", "",
        f"`make bench` on {datetime.date.today().isoformat()}: {cores} cores ({platform.processor() or platform.machine()}),"
        f" {hugo_version}, hyperfine median of {runs} runs per figure, GuideSite release build.",
        "Corpus: `Benchmarks/generate-corpus.py N` (two sections, eight categories, criteria front matter,"
        " platform sections, lists, a table, code, W3C links). Hugo builds the same Markdown files with a"
        " minimal layout and `categories` and `wcag` taxonomies.", "",
        "| entries | Markdown | GuideSite full | code not highlighted | Hugo full | GuideSite / Hugo | peak memory (GuideSite / Hugo) | CPU use (GuideSite / Hugo) | every page again (`--fresh`) | nothing changed | files rewritten | one entry changed | one entry changed, second build |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        guide, hugo = row["guidesite_full"]["median"], row["hugo_full"]["median"]
        lines.append(
            f"| {row['count']:,} | {row['megabytes']:.1f} MB | {seconds(guide)} |"
            f" {seconds(row['guidesite_plain']['median'])} ({(row['guidesite_highlighted']['median'] / row['guidesite_plain']['median'] - 1) * 100:+.0f}% to highlight) |"
            f" {seconds(hugo)} | {guide / hugo:.2f} |"
            f" {row['guidesite_time']['peak_mb']:.0f} MB / {row['hugo_time']['peak_mb']:.0f} MB |"
            f" {row['guidesite_time']['cpu'] * 100:.0f}% / {row['hugo_time']['cpu'] * 100:.0f}% |"
            f" {seconds(row['guidesite_refresh']['median'])} | {seconds(row['guidesite_unchanged']['median'])} | {row['rewritten']} of {row['files']:,} |"
            f" {seconds(row['guidesite_one_changed']['median'])} |"
            f" {seconds(row['guidesite_second']['median'])}{'' if row['guidesite_second']['patched'] else ' (NOT patched)'} |")
    patched = ", ".join(f"{row['count']:,} entries: {'yes' if row['patched'] else 'NO'}, site equal to a full build's: {'yes' if row['patched_equal'] else 'NO'}" for row in rows)
    lines += ["", "Full builds write into a new folder for each run, for both tools. CPU use is (user + system) / wall"
              " time of one full build: 200% is both cores busy. The rebuilds use the site's own Output/ (with the"
              " spare site the previous build left): `--fresh` renders every page again; one entry changed appends"
              " a sentence to one entry before each run, which patches the last build from its state in"
              " `.guidesite-cache/` (that page rendered again, its search entry replaced, the spare site brought up"
              f" to date). Patched: {patched} (diff -r of Output/ after the edits were undone against a new full build)."
              " Code not highlighted: the same corpus with `markdown: {highlight: false}`; the percentage compares"
              " medians of five full builds of each, alternated (not the hyperfine column). One entry changed, second build: a full build into a new folder, one sentence appended to one entry,"
              " then the timed build (median of one per run; no spare site yet, so the patch replaces its files in place).", ""]
    lines += ["| entries | commits | not in git | in git, history read (a clone's first build) | in git, history kept | one new commit |",
              "|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        history = row["history"]
        none = history["none"]
        lines.append(f"| {row['count']:,} | {history['commits']:,} | {seconds(none)} | {seconds(history['cold'])} ({(history['cold'] / none - 1) * 100:+.0f}%) |"
                     f" {seconds(history['kept'])} ({(history['kept'] / none - 1) * 100:+.0f}%) | {seconds(history['commit'])} ({(history['commit'] / none - 1) * 100:+.0f}%) |")
    lines += ["", "Git dates: the corpus in a repository of its own with one commit per file (`git fast-import`, then"
              " `git gc`), against the same files untracked (the corpus folder, inside GuideSite's own checkout, is ignored there); medians of five full builds of each, alternated, each"
              " into a new folder. History read: `.guidesite-cache/history` removed first, as in a fresh clone;"
              " history kept: the last build's; one new commit: an edit to one entry committed before each build"
              " (a full build, since HEAD is part of the settings; only that commit's changes are read).", ""]
    lines += ["| entries | one language | two languages (every page translated) | pages written (one / two) | per page (one / two) | per page, two / one |",
              "|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        languages = row["languages"]
        one, two = languages["one"] / languages["pages"]["one"], languages["two"] / languages["pages"]["two"]
        lines.append(f"| {row['count']:,} | {seconds(languages['one'])} | {seconds(languages['two'])} |"
                     f" {languages['pages']['one']:,} / {languages['pages']['two']:,} | {one * 1e6:.0f} µs / {two * 1e6:.0f} µs | {(two / one - 1) * 100:+.1f}% |")
    lines += ["", "Languages: the corpus with `languages: [en, fr]` and a French translation beside every file"
              " (`entry.fr.md`, each naming its source's version, so the build hashes every source), against the"
              " corpus in one language; medians of five full builds of each, alternated, each into a new folder,"
              " divided by the pages each wrote.", ""]
    for row in rows:
        if row.get("search"):
            lines += [f"Search at {row['count']:,} entries (`search-bench.py`): ten queries naming an entry (\"picker 4242\"),"
                      " the first in a new page, in headless Chromium; bytes as the files are served, uncompressed"
                      " (Pagefind's are compressed already).", "", row["search"].strip(), ""]
    lines += ["| entries | plain | a variable and an include in every page | difference |", "|---:|---:|---:|---:|"]
    for row in rows:
        templates = row["templates"]
        lines.append(f"| {row['count']:,} | {seconds(templates['plain'])} | {seconds(templates['templated'])} |"
                     f" {(templates['templated'] / templates['plain'] - 1) * 100:+.1f}% |")
    lines += ["", "Templates: every page of the corpus with `About {{ page.title }}.` and `{% include \"note.html\" %}`"
              " before its text, as Jekyll and Eleventy libraries write them, against the corpus; medians of five full"
              " builds of each, alternated, each into a new folder.", ""]
    lines += bench_sites.report(rows, seconds, max(runs, 5))
    for row in rows:
        if "engine" in row:
            lines += bench_engine.report(row["count"], row["engine"], max(runs, 5))
    lines += ["| entries | search index | site HTML | index / HTML | heaviest page | query in headless Chromium (median, max of 8) |",
              "|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        search = row["search"]
        query = f"{search['query_ms']:.1f} ms, {search['query_max_ms']:.1f} ms" if "query_ms" in search else "(selenium not installed)"
        lines.append(f"| {row['count']:,} | {search['index_mb']:.1f} MB | {search['html_mb']:.0f} MB | {search['ratio'] * 100:.1f}% |"
                     f" {search['largest_kb']:.0f} kB (`{search['largest']}`) | {query} |")
    lines.append("")
    for row in rows:
        lines += [f"Stages of a GuideSite full build at {row['count']:,} entries (`guidesite build --timings`):", "", "```"]
        lines += row["timings"]
        lines += ["```", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("guidesite")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workdir", default=".build/bench")
    parser.add_argument("--output", default=os.path.join(HERE, "results.md"))
    parser.add_argument("--before", help="a binary to time beside this one in the flows of several sites")
    parser.add_argument("--large", type=int, default=100000, help="entries of the large site's row (0: none)")
    parser.add_argument("--large-runs", type=int, default=3, help="full builds of each size of the large row, alternated (the median is reported)")
    arguments = parser.parse_args()
    guidesite = os.path.abspath(arguments.guidesite)
    workdir = os.path.abspath(arguments.workdir)
    os.makedirs(workdir, exist_ok=True)
    hugo_version = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[1]
    hugo_version = "Hugo " + hugo_version.split("+")[0]
    rows = []
    for count in arguments.sizes:
        print(f"benchmarking {count} entries...", flush=True)
        rows.append(bench_size(guidesite, count, arguments.runs, workdir, arguments.before and os.path.abspath(arguments.before)))
    # The builds' folders go only now, and the large row waits until their inodes are written
    # out and a minute old: deleting the 1,000-entry ones before the 10,000-entry runs made
    # those runs time the file system's freed inodes (see Notes and `remove_settled`).
    folders = [os.path.join(workdir, f"fresh-{count}") for count in arguments.sizes]
    if arguments.large:
        bench_large.remove_settled(*folders)
    else:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
    text = report(rows, arguments.runs, hugo_version) + "\n" + bench_cold.report(rows)
    if arguments.large:
        print(f"benchmarking {arguments.large} entries...", flush=True)
        hugo_peak = next((row["hugo_time"]["peak_mb"] / row["count"] for row in rows if "hugo_time" in row), None)
        text += "\n" + bench_large.report(bench_large.measure(guidesite, arguments.large, workdir, time_once, make_corpus, hugo_peak, runs=arguments.large_runs))
    existing = open(arguments.output).read() if os.path.exists(arguments.output) else ""
    # The hand-written notes after the generated table (profiles, before/after) are kept.
    marker = "\n## Notes"
    notes = existing[existing.index(marker):] if marker in existing else ""
    with open(arguments.output, "w") as handle:
        handle.write(text + notes)
    print(text)


if __name__ == "__main__":
    main()
