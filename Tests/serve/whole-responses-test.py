#!/usr/bin/env python3
"""`guidesite serve` under edits: every response is one whole version of its file.

Eight keep-alive connections read an entry page, the page of its section's list that shows it, the search index, a
stylesheet and byte ranges of the entry page while the entry is saved again and again, in each
editor's way in turn (`editors.py`: in place, emptied, renamed over, gedit, Vim, with litter), each
save confirmed by its reload event. The entry's title carries an edition number, so the
version k of each file is the first build's bytes with edition 0 replaced by edition k; that
model is checked against real `guidesite build`s before it is trusted. Every body must be exactly
one version (a range, exactly a slice of one), its length the Content-Length, and one ETag must
always mean one body and one Last-Modified.

Usage: whole-responses-test.py GUIDESITE [--seconds 8] [--connections 8]
"""
import argparse
import hashlib
import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from editors import WRITERS
from preview import Serve

ENTRIES = 120
EDITED = "Content/native/picker.md"
MARKER = re.compile(rb"Edition (\d{5}\+*)")
SCRIPT = re.compile(rb"<script data-guidesite-live-reload>.*?</script>\n", re.S)
# The section's list holds 121 entries in pages of 100: Picker, after Entry 000 to 119, is on
# its second page.
PAGE, SECTION, SEARCH, STYLE = "/native/picker/", "/native/page/2/", "/search/index.js", "/assets/site.css"
RANGES = [(100, 4099), (2000, 2999)]


def edition(number):
    """The edited words; their length changes from one save to the next, so a body sent under
    another version's Content-Length shows."""
    return (f"Edition {number:05d}" + "+" * (number % 3)).encode()


def picker(number):
    return (f"---\ntitle: Picker {edition(number).decode()}\ncategories: [controls]\n---\n"
            f"## Role\n\nThe wheel picker, {edition(number).decode()}.\n")


def write_site(root):
    files = {"site.yml": "title: Whole responses\n", "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
             EDITED: picker(0)}
    for number in range(ENTRIES):
        files[f"Content/native/entry-{number:03d}.md"] = (
            f"---\ntitle: Entry {number:03d}\ncategories: [controls]\nwcag: [1.3.1]\n---\n"
            f"## Role\n\nText of entry {number}, long enough to make the page weigh a little. " * 3 + "\n")
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as handle:
            handle.write(text)


def save(root, number, writer=None):
    """Edition `number` of the entry, saved in `writer`'s way (a plain write when none)."""
    path = os.path.join(root, EDITED)
    if writer is None:
        with open(path, "w") as handle:
            handle.write(picker(number))
    else:
        writer(path, picker(number).encode())


def built_files(guidesite, root, number, output):
    """The files of a real `guidesite build` of the site at edition `number`."""
    save(root, number)
    subprocess.run([guidesite, "build", "--root", root, "--output", output, "--fresh", "--quiet"], check=True)
    found = {}
    for url in (PAGE, SECTION, SEARCH, STYLE):
        path = url.lstrip("/") + ("index.html" if url.endswith("/") else "")
        with open(os.path.join(output, path), "rb") as handle:
            found[url] = handle.read()
    return found


class Events:
    """The live-reload event stream, read over a plain socket."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /_guidesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.buffer = b""

    def wait_for(self, text, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if text in self.buffer:
                self.buffer = self.buffer[self.buffer.index(text) + len(text):]
                return True
            self.sock.settimeout(max(0.01, deadline - time.time()))
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return False
            if not chunk:
                return False
            self.buffer += chunk
        return False


class Reader(threading.Thread):
    """One keep-alive connection reading the files in turn until told to stop."""

    def __init__(self, port, stop, seed):
        super().__init__()
        self.port, self.stop, self.seed = port, stop, seed
        self.responses = []  # (url, range, status, length header, etag, last-modified, digest)
        self.bodies = {}
        self.broken = []

    def run(self):
        plan = [(PAGE, None), (SEARCH, None), (SECTION, None), (PAGE, RANGES[0]), (STYLE, None), (PAGE, RANGES[1])]
        step = self.seed
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        while not self.stop.is_set():
            url, byte_range = plan[step % len(plan)]
            step += 1
            headers = {"Range": f"bytes={byte_range[0]}-{byte_range[1]}"} if byte_range else {}
            try:
                connection.request("GET", url, headers=headers)
                response = connection.getresponse()
                body = response.read()
            except (http.client.HTTPException, OSError) as error:
                self.broken.append(f"{url} {byte_range}: {type(error).__name__}: {error}")
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                continue
            digest = hashlib.sha256(body).digest()
            self.bodies.setdefault(digest, body)
            self.responses.append((url, byte_range, response.status, response.getheader("Content-Length"),
                                   response.getheader("ETag"), response.getheader("Last-Modified"),
                                   response.getheader("Content-Range"), digest))
        connection.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("guidesite")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--connections", type=int, default=8)
    arguments = parser.parse_args()
    guidesite = os.path.abspath(arguments.guidesite)
    work = tempfile.mkdtemp(prefix="guidesite-whole-")
    root = os.path.join(work, "site")
    passed, failures = [], []

    def check(condition, what):
        print(("ok:   " if condition else "FAIL: ") + what)
        (passed if condition else failures).append(what)

    try:
        write_site(root)
        # The model: edition k of each file is edition 0's bytes with the number replaced.
        versions = [built_files(guidesite, root, number, os.path.join(work, f"out-{number}")) for number in (0, 1, 74)]
        for url in (PAGE, SECTION, SEARCH):
            check(edition(0) in versions[0][url], f"{url} shows the edited title")
        model_holds = all(versions[0][url].replace(edition(0), edition(number)) == versions[index][url]
                          for index, number in ((1, 1), (2, 74)) for url in versions[0])
        check(model_holds, "edition k of every file read is edition 0 with the number replaced (real builds 0, 1, 74)")
        save(root, 0)

        server = Serve(guidesite, root)
        port = server.port
        try:
            events = Events(port)
            events.wait_for(b": connected", 5)
            stop = threading.Event()
            readers = [Reader(port, stop, seed) for seed in range(arguments.connections)]
            for reader in readers:
                reader.start()
            saved, confirmed, started = 0, 0, time.time()
            writers = list(WRITERS.values())
            while time.time() - started < arguments.seconds:
                saved += 1
                save(root, saved, writers[saved % len(writers)])
                confirmed += events.wait_for(PAGE.encode(), 5)
            stop.set()
            for reader in readers:
                reader.join()
        finally:
            server.stop()

        expected = {url: {number: versions[0][url].replace(edition(0), edition(number)) for number in range(saved + 1)}
                    for url in versions[0]}
        bodies = {}
        for reader in readers:
            bodies.update(reader.bodies)
        responses = [response for reader in readers for response in reader.responses]
        broken = [line for reader in readers for line in reader.broken]
        script = next((found.group(0) for found in map(SCRIPT.search, bodies.values()) if found), b"")
        torn, etags = [], {}
        for url, byte_range, status, length, etag, modified, content_range, digest in responses:
            body = bodies[digest]
            if length is None or int(length) != len(body):
                torn.append(f"{url} {byte_range}: Content-Length {length}, body {len(body)} bytes")
                continue
            if byte_range is None:
                whole = status == 200 and SCRIPT.sub(b"", body) in expected[url].values()
                version = (digest, modified)
            else:
                # A range is a slice of the page as served, live-reload script included.
                start, end = byte_range
                whole = status == 206 and any(body == served(page, script)[start:end + 1] for page in expected[url].values())
                version = (content_range.rsplit("/", 1)[-1] if content_range else None,)
            if not whole:
                torn.append(f"{url} {byte_range}: status {status}, {len(body)} bytes, editions "
                            f"{sorted(set(MARKER.findall(body)))}, ends {body[-40:]!r}")
                continue
            etags.setdefault((url, byte_range is None, etag), set()).add(version)
        mixed = [key for key, seen in etags.items() if len(seen) > 1]
        editions = {MARKER.search(bodies[digest]).group(1) for url, byte_range, *_, digest in responses
                    if url == PAGE and byte_range is None and MARKER.search(bodies[digest])}
        print(f"{len(responses) + len(broken)} responses read over {arguments.connections} connections during "
              f"{saved} saves ({confirmed} reload events): {len(responses) - len(torn)} whole, {len(torn)} torn, "
              f"{len(broken)} broken connections; {len(editions)} editions of the entry seen")
        check(confirmed >= saved * 0.9, f"rebuilds confirmed by their reload events: {confirmed} of {saved}")
        problems = server.problems()
        check(not problems, "no problem reported for a state an editor passed through"
              + "".join("\n      " + line for line in problems[:5]))
        check(len(editions) >= 5, f"the readers saw the page change ({len(editions)} editions)")
        check(not torn, "every body is exactly one version of its file (a range, a slice of one)"
              + "".join("\n      " + line for line in torn[:5]))
        check(not broken, "no connection broke" + "".join("\n      " + line for line in broken[:5]))
        check(not mixed, "one ETag, one body and one Last-Modified" + "".join(f"\n      {key}" for key in mixed[:5]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"whole-responses: {len(passed)} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


def served(page, script):
    """`page` as the preview serves it: the live-reload script (with its newline) before the last `</body>`."""
    at = page.rfind(b"</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


if __name__ == "__main__":
    main()
