#!/usr/bin/env python3
"""Measures `guidesite serve` on a generated site: the time from saving an entry to the reload
event for its page (median of N edits), and, with wrk (64 connections, --latency), requests per
second, p50/p99 latency, socket errors and non-2xx answers on a page, alone and while REBUILDS
edits of that same page are rebuilt, each confirmed by its reload event (a response torn between
two versions breaks the connection, which wrk counts as a read error).

Usage: serve-latency.py GUIDESITE SITE_DIR [--edits 30] [--title-edits 5] [--added 3] [--errors 3]
                         [--theme-edits 3] [--wrk-seconds 30] [--rebuilds 20]

Title edits (the entries after the first half of those edited) are timed the same way, and
`--added N` entries written anew and then removed (the events of their page and of their
section's page), which the preview patches like a title edit (pages compared by address); and
`--errors N` entries saved with front matter that is not YAML and then as they were (the error
page's event, then the reload after the mend); `--theme-edits N` overrides of the built-in theme's
files (the home layout, the entry layout, the base partial, the style sheet) saved into the site's
`Templates/`, each edited N times and removed (a designer's flow: the reload event after each).

`--wrk-seconds 0` measures the latency only. Edited entries are restored at the end, so a
large corpus can be kept between runs.
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_server(port, deadline):
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            time.sleep(0.05)
    return False


class Events:
    """A Server-Sent Events reader over a plain socket."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /_guidesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""

    def drain(self):
        """Forgets everything received so far, so a match can only come from a new event."""
        self.sock.setblocking(False)
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
        except (BlockingIOError, socket.timeout):
            pass
        self.sock.setblocking(True)
        self.buffer = b""

    def wait_for(self, text, timeout):
        deadline = time.perf_counter() + timeout
        needle = text.encode()
        while time.perf_counter() < deadline:
            if needle in self.buffer:
                end = self.buffer.index(needle) + len(needle)
                self.buffer = self.buffer[end:]
                return time.perf_counter()
            self.sock.settimeout(max(0.001, deadline - time.perf_counter()))
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            self.buffer += chunk
        return None


def wrk(port, path, seconds):
    if not shutil.which("wrk"):
        return None
    result = subprocess.run(["wrk", "-t2", "-c64", "--latency", f"-d{seconds}s", f"http://127.0.0.1:{port}{path}"],
                            capture_output=True, text=True)
    # wrk --latency prints "    99%   12.34ms"; kept in milliseconds.
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    percentiles = {share: float(value) * scale[unit] for share, value, unit in
                   re.findall(r"^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s)\s*$", result.stdout, re.M)}
    rps = re.search(r"Requests/sec:\s+([\d.]+)", result.stdout)
    # wrk prints "Socket errors: connect 0, read 79, write 0, timeout 0" only when there are some.
    errors = re.search(r"Socket errors: (.*)", result.stdout)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", result.stdout)
    return {"rps": float(rps.group(1)) if rps else 0.0, "socket_errors": errors.group(1) if errors else "0",
            "non_2xx": int(non2xx.group(1)) if non2xx else 0, "p50": percentiles.get("50"), "p99": percentiles.get("99")}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("guidesite")
    parser.add_argument("site")
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--wrk-seconds", type=int, default=30)
    parser.add_argument("--rebuilds", type=int, default=20)
    parser.add_argument("--title-edits", type=int, default=5)
    parser.add_argument("--added", type=int, default=3)
    parser.add_argument("--errors", type=int, default=3)
    parser.add_argument("--theme-edits", type=int, default=3)
    parser.add_argument("--include-edits", type=int, default=3)
    arguments = parser.parse_args()

    originals = {}
    overrides = []

    def remember(path):
        if path not in originals:
            with open(path, "rb") as handle:
                originals[path] = handle.read()

    # The theme's folders made before serving, as `guidesite theme eject` leaves them (a folder
    # made while serving is walked again: a whole build).
    made_folders = []
    for folder in ("layouts", "partials", "assets") if arguments.theme_edits > 0 else ():
        path = os.path.join(arguments.site, "Templates", folder)
        if not os.path.isdir(path):
            os.makedirs(path)
            made_folders.append(path)
    # An include read by the first ten entries of `native/`, made before serving, as a Jekyll
    # library has its `_includes/`; each edit reloads the pages that read it.
    include = os.path.join(arguments.site, "Content", "_includes", "tip.html")
    include_made = arguments.include_edits > 0 and not os.path.exists(include)
    if include_made:
        os.makedirs(os.path.dirname(include), exist_ok=True)
        with open(include, "w", encoding="utf-8") as handle:
            handle.write("<p class=\"tip\">Test with a screen reader.</p>\n")
        native = os.path.join(arguments.site, "Content", "native")
        for name in sorted(n for n in os.listdir(native) if n.endswith(".md") and n.count(".") == 1)[:10]:
            path = os.path.join(native, name)
            remember(path)
            with open(path, "a", encoding="utf-8") as handle:
                handle.write("\n{% include tip.html %}\n")
    port = free_port()
    server = subprocess.Popen([arguments.guidesite, "serve", "--root", arguments.site, "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait_for_server(port, time.time() + 120):
            sys.exit("serve did not start")
        events = Events(port)
        events.wait_for(": connected", 5)
        # Entries, not their translations (`entry-00010.fr.md`), whose pages are at other addresses.
        entries = sorted(name for name in os.listdir(os.path.join(arguments.site, "Content", "native"))
                         if name.endswith(".md") and name.count(".") == 1)[:arguments.edits]

        def timed(names, edit, what):
            """Saves each of `names` through `edit(text, number)` and times its page's reload event."""
            latencies = []
            for number, name in enumerate(names):
                path = os.path.join(arguments.site, "Content", "native", name)
                page = "/native/" + name[:-3] + "/"
                events.drain()
                remember(path)
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(edit(text, number))
                    handle.flush()
                    os.fsync(handle.fileno())
                    saved = time.perf_counter()
                # 15 s: an edit the engine cannot patch builds a large bilingual site whole.
                arrived = events.wait_for(page, 15)
                if arrived is None:
                    print(f"no reload event for {page} within 15 s")
                    continue
                latencies.append((arrived - saved) * 1000)
                time.sleep(0.1)
            if latencies:
                print(f"{what}save to reload event: median {statistics.median(latencies):.0f} ms, "
                      f"min {min(latencies):.0f} ms, max {max(latencies):.0f} ms over {len(latencies)} edits")

        def translated(name):
            return any(os.path.exists(os.path.join(arguments.site, "Content", "native", name[:-3] + "." + other + ".md"))
                       for other in ("fr", "de", "es", "ja", "ar"))

        # Body edits, of untranslated entries and of translated ones (whose translations are read
        # again: a source's bytes date them) reported apart.
        timed([name for name in entries if not translated(name)], lambda text, number: text + f"\nEdited paragraph {number}.\n", "")
        timed([name for name in entries if translated(name)], lambda text, number: text + f"\nEdited paragraph {number}.\n", "translated entry, ")
        # Title edits: lists on other pages (neighbours, the section, categories, criteria, the
        # home page) show the title, so every site links anew and renders those pages.
        untranslated = [name for name in entries[len(entries) // 2:] if not translated(name)]
        timed(untranslated[:arguments.title_edits],
              lambda text, number: re.sub(r'^title: "?(.*?)"?$', lambda match: f'title: "{match.group(1)} renamed {number}"', text, count=1, flags=re.M),
              "title edit, ")
        def saved(timings, path, text, needle):
            """Writes `text` to `path` (removes it when None) and times the event naming `needle`."""
            events.drain()
            if text is None:
                os.remove(path)
            else:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
            began = time.perf_counter()
            arrived = events.wait_for(needle, 15)
            if arrived is not None:
                timings.append((arrived - began) * 1000)
            time.sleep(0.3)

        def summary(what, timings):
            if timings:
                print(f"{what}, save to reload event: median {statistics.median(timings):.0f} ms, "
                      f"min {min(timings):.0f} ms, max {max(timings):.0f} ms over {len(timings)}")

        added, removed = [], []
        for number in range(arguments.added):
            path = os.path.join(arguments.site, "Content", "native", f"zz-added-{number}.md")
            saved(added, path, f"---\ntitle: Added {number}\n---\n\nA new entry.\n", f"/native/zz-added-{number}/")
            saved(removed, path, None, "/native/")
        summary("entry added", added)
        summary("entry removed", removed)
        broken, mended = [], []
        for name in [name for name in entries if not translated(name)][-arguments.errors:] if arguments.errors > 0 else []:
            path = os.path.join(arguments.site, "Content", "native", name)
            remember(path)
            # Both announce every page: the error page replaces them, then the site comes back.
            saved(broken, path, "---\ntitle: [unclosed\n---\n\nBroken.\n", "event: rebuild")
            saved(mended, path, originals[path].decode(), "event: rebuild")
        summary("front matter broken", broken)
        summary("front matter mended", mended)
        theme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Templates")
        for name, comment in (("layouts/home.mustache", "<!-- edited {} -->"), ("layouts/entry.mustache", "<!-- edited {} -->"),
                              ("partials/base.mustache", "<!-- edited {} -->"), ("assets/site.css", "/* edited {} */")):
            if arguments.theme_edits <= 0:
                break
            path = os.path.join(arguments.site, "Templates", name)
            if os.path.exists(path):
                continue
            with open(os.path.join(theme, name), encoding="utf-8") as handle:
                original = handle.read()
            os.makedirs(os.path.dirname(path), exist_ok=True)
            overrides.append(path)
            added_override, edits = [], []
            saved(added_override, path, original + comment.format("first") + "\n", "event: rebuild")
            for number in range(arguments.theme_edits):
                saved(edits, path, original + comment.format(number) + "\n", "event: rebuild")
            gone = []
            saved(gone, path, None, "event: rebuild")
            summary(f"{name} override added", added_override)
            summary(f"{name} edited", edits)
            summary(f"{name} override removed", gone)
        if include_made:
            edits = []
            for number in range(arguments.include_edits):
                saved(edits, include, f"<p class=\"tip\">Test with a screen reader ({number}).</p>\n", "event: rebuild")
            summary("an include read by ten entries edited", edits)
        page = "/native/" + entries[0][:-3] + "/"
        if arguments.wrk_seconds <= 0:
            return
        quiet = wrk(port, page, arguments.wrk_seconds)
        if quiet:
            print(f"wrk 64 connections, {arguments.wrk_seconds} s, idle server: {quiet['rps']:.0f} requests/s, "
                  f"p50 {quiet['p50']:.2f} ms, p99 {quiet['p99']:.2f} ms, "
                  f"socket errors: {quiet['socket_errors']}, non-2xx: {quiet['non_2xx']}")
            stop = threading.Event()

            rebuilds = []
            interval = arguments.wrk_seconds / (arguments.rebuilds + 3)
            edited = os.path.join(arguments.site, "Content", "native", entries[0])

            def keep_editing():
                # The page under load is the one saved, one edit at a time, each confirmed by its
                # reload event: `rebuilds` real rebuilds, each changing the page's length.
                for count in range(arguments.rebuilds):
                    if stop.wait(interval):
                        break
                    events.drain()
                    with open(edited, "a") as handle:
                        handle.write(f"\nBusy edit {count}{'.' * (count % 7)}\n")
                    if events.wait_for(page, 5) is not None:
                        rebuilds.append(count)

            editor = threading.Thread(target=keep_editing)
            editor.start()
            busy = wrk(port, page, arguments.wrk_seconds)
            stop.set()
            editor.join()
            print(f"wrk 64 connections, {arguments.wrk_seconds} s, during {len(rebuilds)} rebuilds of that page: "
                  f"{busy['rps']:.0f} requests/s, p50 {busy['p50']:.2f} ms, p99 {busy['p99']:.2f} ms, "
                  f"socket errors: {busy['socket_errors']}, non-2xx: {busy['non_2xx']}")
        else:
            print("wrk is not installed; skipped the load test")
    finally:
        server.terminate()
        server.wait(timeout=10)
        for path, data in originals.items():
            with open(path, "wb") as handle:
                handle.write(data)
        for path in overrides + ([include] if include_made else []):
            if os.path.exists(path):
                os.remove(path)
        if include_made and not os.listdir(os.path.dirname(include)):
            os.rmdir(os.path.dirname(include))
        for path in reversed(made_folders):
            shutil.rmtree(path, ignore_errors=True)
        templates = os.path.join(arguments.site, "Templates")
        if made_folders and os.path.isdir(templates) and not os.listdir(templates):
            os.rmdir(templates)
        for number in range(arguments.added):
            leftover = os.path.join(arguments.site, "Content", "native", f"zz-added-{number}.md")
            if os.path.exists(leftover):
                os.remove(leftover)


if __name__ == "__main__":
    main()
