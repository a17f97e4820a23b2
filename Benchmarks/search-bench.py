#!/usr/bin/env python3
"""GuideSite's search beside Pagefind's on the same built site, in headless Chromium.

Indexes the site GuideSite built (OUTPUT) with Pagefind (PyPI `pagefind[bin]`) too, then runs
ten fixed queries in each, in a new page each: the first query, then the nine others in turn.
For both it reports the index's bytes on disk, the bytes loaded by the first query (GuideSite:
search.js and the index's pieces; Pagefind: pagefind.js, its WebAssembly, metadata, index
chunks, and the fragments of the results shown), the bytes loaded by the ten queries, the median
time from query to results on screen (the first ten results' data loaded), and whether the top
result is the entry the query names. Bytes are the files' sizes as served, without compression
(Pagefind's files are compressed already: it is favoured by that).

Usage: search-bench.py OUTPUT [--markdown]
"""
import argparse
import functools
import html
import http.server
import re
import threading
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "audit"))
from audit import QuietHandler, new_driver  # noqa: E402

# The entries ten queries mean, by their number in the generated corpus; each query is the
# entry's title as a reader types it ("picker 4242"), read from the built page.
ENTRIES = [4242, 17, 903, 5120, 12, 777, 9998, 1, 3033, 640]
SHOWN = 10

GUIDESITE_QUERY = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const status = document.getElementById('search-status'), input = document.getElementById('search-q');
const before = status.textContent, started = performance.now();
new MutationObserver((_, observer) => {
  if (status.textContent === before) return;
  observer.disconnect();
  const links = [...document.querySelectorAll('#search-results > li > a')];
  done({ms: performance.now() - started, top: links.length ? links[0].textContent : null});
}).observe(status, {childList: true, characterData: true, subtree: true});
input.value = query;
document.getElementById('search-form').dispatchEvent(new Event('submit', {cancelable: true}));
"""

PAGEFIND_QUERY = """
const [query, shown, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const started = performance.now();
(async () => {
  window.pagefind = window.pagefind || await import('/pagefind/pagefind.js');
  const search = await pagefind.search(query);
  const data = await Promise.all(search.results.slice(0, shown).map(r => r.data()));
  done({ms: performance.now() - started, top: data.length ? data[0].meta.title : null});
})().catch(e => done({ms: 0, top: 'error: ' + e}));
"""

class Requests:
    """The paths the server was asked for since the last `take` (workers' requests too)."""
    paths = []

    @classmethod
    def take(cls, pattern):
        taken = [p for p in cls.paths if re.search(pattern, p)]
        cls.paths = []
        return taken


class LoggingHandler(QuietHandler):
    def do_GET(self):
        Requests.paths.append(self.path.split("?")[0])
        super().do_GET()


def queries(site):
    """(query, title) of each entry of ENTRIES, from its page."""
    found = []
    for number in ENTRIES:
        for section in sorted(os.listdir(site)):
            page = os.path.join(site, section, f"entry-{number:05d}", "index.html")
            if os.path.exists(page):
                title = html.unescape(re.search(r'<h1 id="page-title">([^<]*)</h1>', open(page, encoding="utf-8").read()).group(1))
                found.append((title.lower(), title))
    return found


def folder_bytes(folder, skip=()):
    total = 0
    for directory, _, names in os.walk(folder):
        total += sum(os.path.getsize(os.path.join(directory, n)) for n in names if n not in skip)
    return total


def measure(driver, base, page, script, pattern, site, asked, extra=(), script_file=None):
    """The first query's bytes (with `script_file`, the script the page loads for search), all
    ten queries' bytes, their times and top results."""
    results, first, total = [], None, 0
    for position, (query, meant) in enumerate(asked):
        if position == 0:
            driver.get(base + page)
            Requests.take(pattern)
        answer = driver.execute_async_script(script, query, *extra)
        time.sleep(0.2)
        paths = Requests.take(pattern)
        size = sum(os.path.getsize(os.path.join(site, p.lstrip("/"))) for p in paths)
        if position == 0:
            size += os.path.getsize(os.path.join(site, script_file)) if script_file else 0
            first = size
        total += size
        results.append((query, meant, answer["top"], answer["ms"]))
    return first, total, results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table for results.md")
    parser.add_argument("--without-pagefind", action="store_true", help="GuideSite's search alone (100,000 entries: Pagefind takes long)")
    arguments = parser.parse_args()
    site = os.path.abspath(arguments.output)
    began = time.monotonic()
    indexed = subprocess.run(["true"]) if arguments.without_pagefind else subprocess.run([sys.executable, "-m", "pagefind", "--site", site, "--output-subdir", "pagefind"],
                             capture_output=True, text=True)
    if indexed.returncode != 0:
        sys.exit("search bench: Pagefind failed\n" + indexed.stdout + indexed.stderr)
    pagefind_seconds = time.monotonic() - began
    asked = queries(site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(LoggingHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver = new_driver()
    try:
        ours = measure(driver, base, "search/", GUIDESITE_QUERY, r"/search/(meta|t/|d/|f/)", site, asked,
                       script_file="assets/search.js")
        theirs = None if arguments.without_pagefind else measure(driver, base, "search/", PAGEFIND_QUERY, r"/pagefind/", site, asked, extra=(SHOWN,))
    finally:
        driver.quit()
        server.shutdown()
    pieces = os.path.join(site, "search")
    rows = [("GuideSite", folder_bytes(pieces, skip=("index.js", "index.html")), ours)]
    if theirs:
        rows.append(("Pagefind", folder_bytes(os.path.join(site, "pagefind")), theirs))
    report = {"pagefind_index_seconds": round(pagefind_seconds, 1)}
    for name, index_bytes, (first, total, results) in rows:
        found = sum(1 for _, meant, top, _ in results if top == meant)
        report[name] = {"index_bytes": index_bytes, "first_query_bytes": first, "ten_queries_bytes": total,
                        "median_ms": round(statistics.median(r[3] for r in results), 1), "intended_first": found,
                        "tops": [(q, top) for q, _, top, _ in results]}
    if arguments.markdown:
        print("| search | index on disk | first query loads | ten queries load | median query | intended entry first |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, _, _ in rows:
            r = report[name]
            print(f"| {name} | {r['index_bytes'] / 1e6:.2f} MB | {r['first_query_bytes'] / 1e3:.1f} kB | "
                  f"{r['ten_queries_bytes'] / 1e3:.1f} kB | {r['median_ms']} ms | {r['intended_first']} of {len(asked)} |")
    else:
        print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
