#!/usr/bin/env python3
"""Injection, checked live: a site whose titles, front matter values, site.yml values, links and
raw HTML carry script payloads is built and every page loaded in headless Chromium. Each payload
would set `window.__pwned`; the test fails if any page (or the search page, searching for a
payload) ends up with it set, if a link with a `javascript:`, `vbscript:` or `data:` address
survives, or if the HTML has an element, event-handler attribute or script that came from content.

Usage: injection-test.py --guidesite path/to/guidesite
"""
import argparse
import os
from html.parser import HTMLParser
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import html_pages, new_driver, page_url, serve  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

PAYLOADS = [
    "<script>window.__pwned=1</script>",
    "\" autofocus onfocus=\"window.__pwned=1",
    "' autofocus onfocus='window.__pwned=1",
    "<img src=x onerror=\"window.__pwned=1\">",
    "<svg onload=window.__pwned=1>",
    "</title><script>window.__pwned=1</script>",
    "\"\u0301 autofocus onfocus=\"window.__pwned=1",
    "{{page.title}}{{{page.content}}}",
]


class Elements(HTMLParser):
    """What a browser would see as markup: event-handler attributes, scripts, svg, bad links."""

    def __init__(self):
        super().__init__()
        self.problems = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag}> has an event handler `{name}`")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(("javascript:", "data:", "vbscript:")):
                self.problems.append(f"<{tag} {name}=\"{value[:30]}\">")
        if tag == "svg":
            self.problems.append("an <svg> element from content")
        self.in_script = tag == "script"

    def handle_endtag(self, tag):
        self.in_script = False

    def handle_data(self, data):
        if self.in_script and "__pwned" in data:
            self.problems.append("a <script> element from content")


def yaml_quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def site_files():
    files = {
        "site.yml": f"title: {yaml_quote(PAYLOADS[5])}\ndescription: {yaml_quote(PAYLOADS[3])}\nfooter: {yaml_quote(PAYLOADS[0])}\n"
                    "sections:\n  native: {title: " + yaml_quote(PAYLOADS[1]) + "}\n"
                    "categories:\n  pickers: {title: " + yaml_quote(PAYLOADS[4]) + "}\n",
        "Content/index.md": "Home\n",
    }
    for number, payload in enumerate(PAYLOADS):
        quoted = yaml_quote(payload)
        files[f"Content/native/entry-{number}.md"] = (
            f"---\ntitle: {quoted}\ndescription: {quoted}\ncategories: [pickers, {quoted}]\n"
            f"keyboard:\n  {quoted}: {quoted}\nscreenreader:\n  name: {quoted}\n"
            f"gherkin-keyboard:\n  - when: {quoted}\n    then: {quoted}\n---\n"
            f"## {payload}\n\n"
            f"[click](javascript:window.__pwned=1) [data](data:text/html,<script>window.__pwned=1</script>) "
            f"[vb](vbscript:msgbox) [spaced]( JaVaScRiPt:window.__pwned=1 ) [entity](&#106;avascript:window.__pwned=1)\n\n"
            f"![{payload}](x.png \"{payload.replace(chr(34), '')}\")\n\n"
            f"<script>window.__pwned=1</script>\n\n<img src=x onerror=\"window.__pwned=1\">\n\n"
            f"Text with {payload} inline and `{payload}` in code.\n\n"
            f"```html\n{payload}\n```\n"
        )
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    arguments = parser.parse_args()
    root = tempfile.mkdtemp(prefix="guidesite-injection-")
    failures = []
    try:
        for path, text in site_files().items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as handle:
                handle.write(text)
        built = subprocess.run([arguments.guidesite, "build", "--root", root], capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("injection test: the fixture did not build\n" + built.stdout + built.stderr)
        output = os.path.join(root, "Output")
        pages = html_pages(output)
        for path in pages:
            with open(os.path.join(output, path), encoding="utf-8") as handle:
                parser = Elements()
                parser.feed(handle.read())
            failures += [f"/{path}: {problem}" for problem in parser.problems]
        server = serve(output)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = new_driver()
        try:
            targets = [page_url(base, path) for path in pages]
            targets += [base + "search/?q=" + payload for payload in ["<img src=x onerror=window.__pwned=1>", "\"><script>window.__pwned=1</script>", "window"]]
            for url in targets:
                driver.get(url)
                time.sleep(0.05)
                for link in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
                    href = (link.get_attribute("href") or "").strip().lower()
                    if href.startswith(("javascript:", "data:", "vbscript:")):
                        failures.append(f"{url}: a link to `{href[:40]}` survived")
                if driver.execute_script("return window.__pwned === 1"):
                    failures.append(f"{url}: a payload ran")
        finally:
            driver.quit()
            server.shutdown()
        print(f"Injection test: {len(PAYLOADS)} payloads in titles, descriptions, categories, test tables, Gherkin steps, "
              f"headings, links, images, raw HTML, code and site.yml; {len(pages)} pages and 3 search queries loaded in "
              f"Chromium: {len(failures)} failure(s)")
        for failure in failures:
            print("FAIL: " + failure)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
