#!/usr/bin/env python3
"""The sample site's output works wherever it is put, in a real headless Chromium:

- every page (but the not-found page) links to the site, its assets and its search index by
  relative addresses that reach a file of the output;
- opened from disk through file://, the home page is styled, its links lead to pages (not to
  folder listings), a link in an entry's text too, and a search from the header finds entries;
- a subset built with `--subset ios --output dir` works from disk the same way;
- served under another path (/any/path/), pages are styled and the search works;
- the not-found page, served for a missing address at any depth, is styled and leads home.

Usage: portable-test.py --guidesite path/to/guidesite
"""
import argparse
import functools
import html.parser
import http.server
import os
import posixpath
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, html_pages, new_driver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
check = Checks()


class Links(html.parser.HTMLParser):
    """Every address a page's elements load or lead to, but canonical and Open Graph ones."""

    def __init__(self):
        super().__init__()
        self.addresses = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "link" and values.get("rel") == "canonical":
            return
        for name in ["href", "src", "action", "poster", "data-index"]:
            if values.get(name):
                self.addresses.append(values[name])


def check_addresses(output):
    """Every in-site address is relative and reaches a file; returns how many were followed."""
    followed, absolute, broken = 0, [], []
    pages = html_pages(output)
    for page in pages:
        parser = Links()
        with open(os.path.join(output, page), encoding="utf-8") as handle:
            parser.feed(handle.read())
        for address in parser.addresses:
            parts = urllib.parse.urlsplit(address)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            if parts.path.startswith("/"):
                # The not-found pages (the site's, and each language's) are served at any depth.
                if os.path.basename(page) != "404.html":
                    absolute.append(f"{page}: {address}")
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), urllib.parse.unquote(parts.path)))
            if parts.path.endswith("/") or target == ".":
                target = posixpath.join(target, "index.html")
            followed += 1
            if target.startswith("../") or not os.path.isfile(os.path.join(output, target)):
                broken.append(f"{page}: {address}")
    check(not absolute, f"no page but the 404.html pages has a root-absolute address ({len(absolute)}: {absolute[:3]})")
    check(not broken, f"every relative address of {len(pages)} pages reaches a file of the output ({followed} followed, {len(broken)} broken: {broken[:3]})")
    with open(os.path.join(output, "search", "index.js"), encoding="utf-8") as handle:
        index = handle.read()
    check(index.startswith("GuideSite.searchIndex = ") and '"/native/' not in index,
          "the search index is a script and its addresses are from the site's root")
    return followed


def styled(driver):
    """Whether site.css applies: its custom properties are set and the skip link is off screen."""
    return driver.execute_script(
        "return getComputedStyle(document.documentElement).getPropertyValue('--link').trim() !== ''"
        " && document.querySelector('.skip-link').getBoundingClientRect().bottom <= 0")


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def follow(driver, selector, text):
    links = [link for link in driver.find_elements(By.CSS_SELECTOR, selector) if link.text.strip() == text]
    if not links:
        return False
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", links[0])
    links[0].click()
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")
    return True


def search(driver, terms):
    box = driver.find_element(By.ID, "site-search-q")
    box.send_keys(terms)
    box.send_keys(Keys.ENTER)
    try:
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results > li a"))
    except Exception:
        return []
    return [link.text for link in driver.find_elements(By.CSS_SELECTOR, "#search-results > li a")]


def from_disk(driver, output, label):
    home = "file://" + os.path.join(output, "index.html")
    driver.get(home)
    check(styled(driver), f"{label}: opened from disk, the home page is styled")
    check(follow(driver, ".site-nav a", "Native apps") and driver.current_url.endswith("/native/index.html"),
          f"{label}: the navigation's link leads to native/index.html ({driver.current_url})")
    check(heading(driver) == "Native apps" and styled(driver), f"{label}: the section page shows, styled")
    check(follow(driver, "main a", "Wheel picker") and driver.current_url.endswith("/native/wheel-picker/index.html"),
          f"{label}: an entry link leads to native/wheel-picker/index.html")
    check(heading(driver) == "Wheel picker" and styled(driver), f"{label}: the entry shows, styled")
    check(follow(driver, ".breadcrumbs a", "Home") and heading(driver) != "" and driver.current_url.endswith("/index.html"),
          f"{label}: the breadcrumb leads home ({driver.current_url})")
    driver.get("file://" + os.path.join(output, "web", "accordion", "index.html"))
    check(follow(driver, "main a", "button entry") and heading(driver) == "Button" and driver.current_url.endswith("/web/button/index.html"),
          f"{label}: a link written in an entry's Markdown (button.md) leads to the entry")
    found = search(driver, "picker")
    check("Wheel picker" in found, f"{label}: a search from the header lists Wheel picker ({found[:4]})")
    check(driver.current_url.split("?")[0].endswith("/search/index.html"), f"{label}: the search form opened search/index.html")
    check(follow(driver, "#search-results a", "Wheel picker") and heading(driver) == "Wheel picker",
          f"{label}: a search result leads to the entry")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: files from `directory`, and its `not_found` page for anything missing."""
    not_found = None

    def send_error(self, code, message=None, explain=None):
        if code != 404 or not self.not_found:
            return super().send_error(code, message, explain)
        with open(self.not_found, "rb") as handle:
            body = handle.read()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, *args):
        pass


def host(directory, not_found):
    handler = functools.partial(type("Handler", (SiteHandler,), {"not_found": not_found}), directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build(guidesite, *arguments):
    built = subprocess.run([guidesite, "build", "--root", ROOT, "--quiet", *arguments], capture_output=True, text=True)
    if built.returncode != 0:
        sys.exit("portable test: the sample site did not build\n" + built.stdout + built.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="guidesite-portable-")
    driver = None
    servers = []
    try:
        output = os.path.join(scratch, "Output")
        build(arguments.guidesite, "--output", output)
        subset = os.path.join(scratch, "ios-guide")
        build(arguments.guidesite, "--subset", "ios", "--output", subset)
        check_addresses(output)
        check_addresses(subset)
        driver = new_driver()
        from_disk(driver, output, "full site")

        driver.get("file://" + os.path.join(subset, "index.html"))
        check(styled(driver), "subset: opened from disk, the home page is styled")
        check(follow(driver, "main a", "Wheel picker") and heading(driver) == "Wheel picker" and styled(driver),
              "subset: an entry link leads to the styled entry")
        found = search(driver, "picker")
        check("Wheel picker" in found, f"subset: a search from the header lists Wheel picker ({found[:4]})")

        # Served under a path the build never heard of.
        www = os.path.join(scratch, "www")
        shutil.copytree(output, os.path.join(www, "any", "path"))
        server = host(www, None)
        servers.append(server)
        base = f"http://127.0.0.1:{server.server_address[1]}/any/path/"
        driver.get(base + "native/wheel-picker/")
        check(heading(driver) == "Wheel picker" and styled(driver), "under /any/path/: the entry is styled")
        check(follow(driver, ".site-nav a", "Web") and driver.current_url == base + "web/", f"under /any/path/: the navigation leads to {base}web/")
        found = search(driver, "button")
        check("Button" in found, f"under /any/path/: the search lists Button ({found[:4]})")

        # The not-found page, as a host serves it for any missing address.
        server = host(output, os.path.join(output, "404.html"))
        servers.append(server)
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        for missing in ["/missing", "/native/missing/", "/a/b/c/d/missing.html"]:
            driver.get(origin + missing)
            check(heading(driver) == "Page not found" and styled(driver), f"the not-found page at {missing} is styled")
        check(follow(driver, "main a", "Go to the home page") and driver.current_url == origin + "/",
              f"the not-found page's home link leads to the home page ({driver.current_url})")
    finally:
        if driver:
            driver.quit()
        for server in servers:
            server.shutdown()
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("Portable output test")


if __name__ == "__main__":
    main()
