#!/usr/bin/env python3
"""Hostile inputs, each with the diagnostic and exit code GuideSite must give.

Every case starts from a copy of a small good site whose Output/ was built, changes one thing,
and runs `guidesite build` (or `check`) with a 5 s limit. It passes when the exit code is the
expected one, the expected text is in the output, nothing crashed (no signal, no "Fatal error"),
and, whenever the build fails, Output/ is exactly as it was.

Usage: catalogue.py path/to/guidesite [--only NAME]
"""
import argparse
import hashlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

BASE = {
    "site.yml": "title: Hostile inputs\nsections:\n  native: {title: Native}\n  web: {title: Web}\n",
    "Content/index.md": "Home page.\n",
    "Content/native/picker.md": "---\ntitle: Picker\ncategories: [pickers]\nwcag: [2.4.7]\n---\n## iOS\n\nSpins.\n",
    "Content/web/button.md": "---\ntitle: Button\n---\nA [picker](../native/picker.md).\n",
}


def write(root, path, data, mode="w"):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, mode) as handle:
        handle.write(data)


def snapshot(output):
    digest = hashlib.sha256()
    if not os.path.isdir(output):
        return "missing"
    for folder, dirs, files in sorted(os.walk(output)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            digest.update(os.path.relpath(path, output).encode())
            with open(path, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()


def nested_list(root):
    # "- - - item": each marker opens a list inside the previous item.
    write(root, "Content/native/deep-list.md", "---\ntitle: Deep list\n---\n" + "- " * 100_000 + "item\n")


def nested_quote(root):
    write(root, "Content/native/deep-quote.md", "---\ntitle: Deep quote\n---\n" + ">" * 100_000 + " text\n")


def alias_bomb(root):
    lines = ["---", "title: Bomb", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    lines += ["---", "Body"]
    write(root, "Content/native/bomb.md", "\n".join(lines) + "\n")


def many_keys(root):
    write(root, "Content/native/keys.md", "---\ntitle: Keys\n" + "".join(f"key{n}: value {n}\n" for n in range(10_000)) + "---\nBody\n")


def big_file(root):
    line = "Plain words in a paragraph that goes on and on to make the file large. " * 10 + "\n\n"
    with open(os.path.join(root, "Content/native/huge.md"), "w") as handle:
        handle.write("---\ntitle: Huge\n---\n")
        for _ in range(50_000_000 // len(line) + 1):
            handle.write(line)


def symlink_loop(root):
    os.symlink("../native", os.path.join(root, "Content/native/loop"))
    os.symlink("b", os.path.join(root, "Content/native/a.md"))
    os.symlink("a.md", os.path.join(root, "Content/native/b"))


def unreadable(root):
    path = os.path.join(root, "Content/native/secret.md")
    write(root, "Content/native/secret.md", "---\ntitle: Secret\n---\nText\n")
    os.chmod(path, 0)
    if os.geteuid() == 0:
        # Root reads any file; a named pipe is the file a build cannot read (it would wait forever).
        os.remove(path)
        os.mkfifo(path)


def vanishing(root):
    # Listed, then gone before it is read: a link whose target is missing behaves the same way.
    os.symlink("deleted-meanwhile.md", os.path.join(root, "Content/native/vanished.md"))


def outside_link(root):
    os.symlink("/etc/passwd", os.path.join(root, "Content/native/passwd.md"))
    os.symlink("/etc/hostname", os.path.join(root, "Content/web/hostname.txt"))


def crlf_bom(root):
    write(root, "Content/native/windows.md", "\ufeff---\r\ntitle: Windows\r\n---\r\n## iOS\r\n\r\nSaved on Windows.\r\n")


CASES = [
    # name, change, expected exit, expected text, extra arguments
    ("binary file named .md", lambda r: write(r, "Content/native/image.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "wb"),
     1, "image.md:3:1: error: [encoding] file contains a NUL byte", []),
    ("invalid UTF-8", lambda r: write(r, "Content/native/latin1.md", "---\ntitle: Caf\xe9\n---\n".encode("latin-1"), "wb"),
     1, "latin1.md:2:11: error: [encoding] file is not valid UTF-8 (byte 0xE9 here)", []),
    ("UTF-16 file", lambda r: write(r, "Content/native/utf16.md", "# Title\n".encode("utf-16"), "wb"),
     1, "[encoding] file is UTF-16; save it as UTF-8", []),
    ("a 50 MB file", big_file, 1, "huge.md:1:1: error: [too-large]", []),
    ("a 100,000-deep nested list", nested_list, 0, "Wrote", []),
    ("a 100,000-deep blockquote", nested_quote, 0, "Wrote", []),
    ("a YAML alias bomb", alias_bomb, 1, "error: [yaml] more than 200000 values once aliases are expanded", []),
    ("front matter nested 4,000 levels deep", lambda r: write(r, "Content/native/deep-yaml.md", "---\ntitle: Deep\n"
     + "".join(" " * level + "k%d:\n" % level for level in range(4000)) + " " * 4000 + "v: x\n---\nBody\n"),
     1, "error: [yaml] maps and lists are nested more than 1,000 levels deep here; flatten the front matter", []),
    ("10,000 front matter keys", many_keys, 0, "Wrote", []),
    ("a symbolic link loop under Content/", symlink_loop, 0, "[content] symbolic link to a folder is not followed", []),
    ("an unreadable file", unreadable, 0, "secret.md: warning: [content]", []),
    ("a file deleted during the build", vanishing, 0, "vanished.md: warning: [content] broken symbolic link", []),
    ("symbolic links to files outside the site", outside_link, 0, "passwd.md: warning: [content] symbolic link to a file outside the site", []),
    ("a read-only output folder", lambda r: None, 2, "error: [output] cannot create the output folder", ["--output", "/proc/guidesite-output"]),
    ("a full disk (file size limit)", lambda r: write(r, "Content/native/new.md", "# New entry\n"), 1, "error: [io] could not write", []),
    ("two files mapping to one URL", lambda r: write(r, "Content/native/Picker.md", "# Other picker\n"),
     1, "would both be written to `native/picker/index.html`", []),
    ("permalink: ../../etc/passwd", lambda r: write(r, "Content/native/escape.md", "---\ntitle: Escape\npermalink: ../../etc/passwd\n---\nText\n"),
     1, "escape.md:3:1: error: [permalink] `permalink: ../../etc/passwd` climbs out of the site", []),
    ("a permalink with a NUL", lambda r: write(r, "Content/native/nul.md", "---\ntitle: Nul\npermalink: \"/a\\0b/\"\n---\nText\n"),
     1, "nul.md:3:1: error: [permalink] `permalink` may not contain NUL", []),
    ("a permalink that is an address", lambda r: write(r, "Content/native/url.md", "---\ntitle: Url\npermalink: https://example.org/x/\n---\nText\n"),
     1, "[permalink] `permalink` must be a path", []),
    ("a file name with a slash-like and NUL-free odd name", lambda r: write(r, "Content/native/a b\u2215c?.md", "# Odd name\n"),
     0, "Wrote", []),
    ("CRLF and a BOM", crlf_bom, 0, "Wrote", []),
    ("front matter never closed", lambda r: write(r, "Content/native/open.md", "---\ntitle: Open\n\nBody\n"),
     1, "open.md:1:1: error: [front-matter] front matter opened with `---` on line 1 is never closed", []),
    ("a tab in YAML indentation", lambda r: write(r, "Content/native/tab.md", "---\ntitle: Tab\nkeyboard:\n\ttab: moves\n---\nText\n"),
     1, "tab.md:4:1: error: [yaml]", []),
    # As Jekyll and Eleventy read it: the last value wins, with a warning.
    ("a duplicate YAML key", lambda r: write(r, "Content/native/dup.md", "---\ntitle: A\ntitle: B\n---\nText\n"),
     0, "dup.md:2:1: warning: [yaml] the key `title` appears more than once in the same map; the last value (line 3) is used", []),
    ("a title that is a list (a shape not read: a warning, shown as written)",
     lambda r: write(r, "Content/native/list.md", "---\ntitle: [a, b]\n---\nText\n"),
     0, "list.md:2:1: warning: [front-matter] `title` must be text", []),
    ("a title that is a list, with --strict", lambda r: write(r, "Content/native/list.md", "---\ntitle: [a, b]\n---\nText\n"),
     1, "list.md:2:1: error: [front-matter] `title` must be text", ["--strict"]),
    ("front matter that is a list", lambda r: write(r, "Content/native/seq.md", "---\n- a\n- b\n---\nText\n"),
     1, "seq.md:2:1: error: [front-matter]", []),
    ("an empty file", lambda r: write(r, "Content/native/empty.md", ""), 0, "empty.md:1:1: warning: [empty-file]", []),
    ("a javascript: link", lambda r: write(r, "Content/native/js.md", "# JS\n\n[click me](javascript:alert(1))\n"),
     0, "js.md:3:1: warning: [unsafe-link] link to `javascript:alert(1)` removed", []),
    ("raw <script> in Markdown", lambda r: write(r, "Content/native/script.md", "# Script\n\n<script>alert(1)</script>\n"),
     0, "script.md:3:1: warning: [foreign-markup] a `<script>` in the content is removed", []),
    ("<script> in a title", lambda r: write(r, "Content/native/title.md", "---\ntitle: \"<script>alert(1)</script>\"\n---\nText\n"),
     0, "Wrote", []),
    ("site.yml that is not YAML", lambda r: write(r, "site.yml", "title: [unclosed\n"), 1, "site.yml:1:8: error: [yaml]", []),
    ("site.yml that is a list", lambda r: write(r, "site.yml", "- a\n- b\n"), 1, "site.yml:1:1: error: [site-config]", []),
    ("site.yml that is a folder", lambda r: (os.remove(os.path.join(r, "site.yml")), os.mkdir(os.path.join(r, "site.yml"))),
     1, "site.yml: error: [io] could not read site.yml", []),
    ("a template that does not parse", lambda r: write(r, "Templates/layouts/entry.mustache", "{{#page}}never closed\n"),
     1, "entry.mustache:2:1: error: [template] template does not parse", []),
    ("an unknown layout", lambda r: write(r, "Content/native/layout.md", "---\ntitle: L\nlayout: entyr\n---\nText\n"),
     0, "layout.md:3:1: warning: [unknown-layout] unknown layout `entyr`", []),
    ("a Liquid include climbing out", lambda r: write(r, "Content/native/include.md", "# Include\n\n{% include ../../../etc/passwd %}\n"),
     0, "include.md:3:1: warning: [liquid]", []),
    ("an include that includes itself", lambda r: (write(r, "Content/_includes/loop.html", "x{% include loop.html %}\n"),
                                                    write(r, "Content/native/self.md", "# Self\n\n{% include loop.html %}\n")),
     1, "loop.html:1:1: error: [liquid] `loop.html` includes itself with the same values, which would never end", []),
    ("loops nested a million times", lambda r: write(r, "Content/native/loops.md",
                                                      "# Loops\n\n{% for a in (1..1000) %}{% for b in (1..1000) %}x{% endfor %}{% endfor %}\n"),
     0, "loops.md:3:1: warning: [liquid] the page's loops run more than 10000 times", []),
    ("a macro that calls itself", lambda r: write(r, "Content/native/macro.md", "# Macro\n\n{% macro m(n) %}{{ m(n) }}{% endmacro %}\n{{ m(1) }}\n"),
     0, "Wrote", []),
    ("a _config.yml that is not a map", lambda r: write(r, "_config.yml", "- just\n- a list\n"), 0, "Wrote 9", []),
    ("a link climbing out of the site", lambda r: write(r, "Content/native/climb.md", "# Climb\n\n[secret](../../../../etc/passwd)\n"),
     0, "climb.md:3:1: warning: [broken-link]", []),
    ("a wcag number that does not exist", lambda r: write(r, "Content/native/sc.md", "---\ntitle: SC\nwcag: [9.9.9]\n---\nText\n"),
     0, "sc.md:3:", []),
    ("an output folder that is Content/", lambda r: None, 2, "error: [output] refusing to write the site over Content/", ["--output", "Content"]),
    ("an output folder that is a file", lambda r: write(r, "out.txt", "x"), 2, "error: [output] the output path is a file", ["--output", "out.txt"]),
    ("someone else's output folder", lambda r: write(r, "theirs/keep.txt", "x"), 2, "refusing to replace a non-empty folder", ["--output", "theirs"]),
    ("a root that does not exist", lambda r: None, 2, "", ["--root", "/nonexistent/guidesite-site"]),
    ("a 100,000-character heading", lambda r: write(r, "Content/native/heading.md", "# " + "word " * 20_000 + "\n"), 0, "Wrote", []),
    ("100,000 links in one page", lambda r: write(r, "Content/native/links.md", "# Links\n\n" + "".join(f"[l{n}](button.md) " for n in range(100_000)) + "\n"),
     0, "Wrote", []),
    ("a criteria bomb: 100,000 SC mentions", lambda r: write(r, "Content/native/mentions.md", "# Mentions\n\n" + "SC 1.4.3 and 2.4.7, " * 50_000 + "\n"),
     0, "Wrote", []),
    ("deeply nested folders", lambda r: write(r, "Content/native/" + "/".join(["d"] * 100) + "/deep.md", "# Deep\n"), 0, "Wrote", []),
    ("an unknown subset", lambda r: None, 2, "there is no subset `nope`", ["--subset", "nope"]),
]


def run_case(guidesite, base, name, change, code, text, extra):
    root = tempfile.mkdtemp(prefix="guidesite-hostile-")
    try:
        site = os.path.join(root, "site")
        shutil.copytree(base, site, symlinks=True)
        change(site)
        before = snapshot(os.path.join(site, "Output"))
        arguments = [guidesite, "build", "--root", site] + extra
        if "--root" in extra:
            arguments = [guidesite, "build"] + extra
        limit = None
        if name.startswith("a full disk"):
            # Writes beyond 1 kB fail with EFBIG, as they would with ENOSPC on a full disk.
            limit = lambda: __import__("resource").setrlimit(__import__("resource").RLIMIT_FSIZE, (1024, 1024))
        started = time.monotonic()
        try:
            result = subprocess.run(arguments, cwd=site, capture_output=True, text=True, timeout=5, preexec_fn=limit,
                                    errors="replace")
        except subprocess.TimeoutExpired:
            return f"took more than 5 s"
        took = time.monotonic() - started
        output = result.stdout + result.stderr
        problems = []
        if result.returncode < 0:
            problems.append(f"killed by signal {-result.returncode}")
        if "Fatal error" in output or "Segmentation" in output:
            problems.append("crashed")
        if name == "a template that does not parse" and "unknown-layout" in output:
            problems.append("a layout that does not parse is reported again as unknown")
        if False:
            problems.append("crashed")
        if result.returncode != code:
            problems.append(f"exit {result.returncode}, expected {code}")
        if text and text not in output:
            problems.append(f"expected `{text}` in the output")
        if result.returncode != 0 and snapshot(os.path.join(site, "Output")) != before:
            problems.append("Output/ changed although the build failed")
        if problems:
            return "; ".join(problems) + "\n    " + output.strip().replace("\n", "\n    ")[:1500]
        return f"ok ({took:.2f} s)"
    finally:
        for folder, dirs, files in os.walk(root):
            for name in files:
                try:
                    os.chmod(os.path.join(folder, name), stat.S_IWUSR | stat.S_IRUSR)
                except OSError:
                    pass
        shutil.rmtree(root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("guidesite")
    parser.add_argument("--only")
    arguments = parser.parse_args()
    guidesite = os.path.abspath(arguments.guidesite)
    base = tempfile.mkdtemp(prefix="guidesite-hostile-base-")
    try:
        for path, text in BASE.items():
            write(base, path, text)
        built = subprocess.run([guidesite, "build", "--root", base, "--quiet"], capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("catalogue: the base site did not build\n" + built.stdout + built.stderr)
        shutil.rmtree(os.path.join(base, ".guidesite-cache"), ignore_errors=True)
        failures = 0
        cases = [case for case in CASES if not arguments.only or arguments.only in case[0]]
        for name, change, code, text, extra in cases:
            verdict = run_case(guidesite, base, name, change, code, text, extra)
            passed = verdict.startswith("ok")
            failures += 0 if passed else 1
            print(f"{'ok:  ' if passed else 'FAIL:'} {name}: {verdict}", flush=True)
        print(f"Hostile-input catalogue: {len(cases)} inputs, {failures} failure(s)")
        sys.exit(1 if failures else 0)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
