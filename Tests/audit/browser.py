"""What the browser tests and the audit share: a site written and built, served on 127.0.0.1,
a headless Chromium driven through chromedriver, axe-core run in it, and named checks."""
import argparse
import functools
import http.server
import os
import posixpath
import subprocess
import sys
import tempfile
import threading
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# The localStorage key of the page's site basket, as site.js makes it.
BASKET_KEY = """"guidesite-basket:" + document.querySelector('link[rel="stylesheet"][href$="assets/site.css"]').href
  .slice(0, -"assets/site.css".length)"""


def guidesite_and_axe(description):
    """A browser test's `--guidesite` and `--axe` arguments: the binary's path and axe's source."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    parser.add_argument("--axe", required=True)
    arguments = parser.parse_args()
    return arguments.guidesite, open(arguments.axe, encoding="utf-8").read()


def build_strict(guidesite, root):
    """Builds `root` with --strict; the completed process."""
    return subprocess.run([guidesite, "build", "--root", root, "--strict", "--quiet"], capture_output=True, text=True)


def write_site(files, prefix):
    """A scratch folder holding `files` (path → text): a site for a browser test to build."""
    scratch = tempfile.mkdtemp(prefix=prefix)
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(scratch, path)) or scratch, exist_ok=True)
        with open(os.path.join(scratch, path), "w", encoding="utf-8") as handle:
            handle.write(text)
    return scratch


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def translate_path(self, path):
        return served_file(self.directory, path)


def served_file(directory, path):
    """The file the server answers `path` with. A site published under a path (`url:
    https://x.org/a11y/`) writes that path into its not-found page's addresses: served at the
    root here, `/a11y/assets/site.css` is `assets/site.css` when the output has no `a11y`
    folder of its own."""
    def inside(address):
        address = posixpath.normpath(urllib.parse.unquote(address.split("?", 1)[0].split("#", 1)[0]))
        return os.path.join(directory, *[word for word in address.split("/") if word not in ("", os.curdir, os.pardir)])

    translated = inside(path)
    parts = path.split("?")[0].split("/")
    if not os.path.exists(translated) and len(parts) > 2 and parts[1]:
        shorter = inside("/" + "/".join(parts[2:]))
        if os.path.exists(shorter):
            return shorter
    return translated


class Checks:
    """The named checks of a browser test: each prints ok or FAIL; `finish` says how many failed
    and exits 1 if any did."""

    def __init__(self):
        self.failures = []

    def __call__(self, condition, message):
        print(("ok:   " if condition else "FAIL: ") + message)
        if not condition:
            self.failures.append(message)

    def finish(self, name):
        print(f"{name}: {len(self.failures)} failure(s)")
        sys.exit(1 if self.failures else 0)


def html_pages(output):
    pages = []
    for folder, dirs, files in os.walk(output):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".html"):
                pages.append(os.path.relpath(os.path.join(folder, name), output))
    return sorted(pages)


def page_url(base, path):
    path, query = (path.split("?", 1) + [""])[:2]
    if path.endswith("index.html"):
        path = path[: -len("index.html")]
    return base + path + ("?" + query if query else "")


def new_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--force-device-scale-factor=1", "--lang=en"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def emulate(driver, scheme, width):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})


# A demo is a fragment shown inside a page, not a page: rules about a page's outline do not apply.
PAGE_OUTLINE_RULES = ["landmark-one-main", "page-has-heading-one", "region"]


def run_axe(driver, axe_source, disabled=()):
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        driver.execute_script(axe_source)
    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"],
               "rules": {rule: {"enabled": False} for rule in disabled}}
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));",
        options)
