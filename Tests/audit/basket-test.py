#!/usr/bin/env python3
"""The criteria basket in headless Chromium, by keyboard alone: three entries are added with
their "Add to my criteria" toggles (entry pages and search results; lists of entries have none), each change
is announced, the list survives a reload, the My criteria page combines them, and its downloads
are read by the tools teams use: the `.feature` file by Cucumber's Gherkin parser, the `.csv`
by Python's csv module. Then an entry is removed, and the site is checked without JavaScript
(no toggles; the page explains the files instead) and opened from disk.

Usage: basket-test.py --guidesite path/to/guidesite [--screenshots DIR]
"""
import argparse
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time

from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import BASKET_KEY, Checks, new_driver, serve  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
check = Checks()


def active(driver):
    return driver.execute_script(
        "const e = document.activeElement; return e ? [e.tagName, e.className, e.getAttribute('data-entry') || '', e.textContent.trim(), e.id, e.type || ''] : []")


def tab_to(driver, matches, limit=300):
    """Presses Tab until the focused element satisfies `matches` (its tag, class, data-entry, text, id, type)."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if matches(active(driver)):
            return True
    return False


def status(driver):
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "copy-status").get_attribute("textContent"))
    return driver.find_element(By.ID, "copy-status").get_attribute("textContent")


def toggle(driver, entry, key=Keys.ENTER):
    found = tab_to(driver, lambda e: "basket-toggle" in e[1] and e[2] == entry)
    if found:
        ActionChains(driver).send_keys(key).perform()
    return found


def pressed(driver, entry):
    return [b.get_attribute("aria-pressed") for b in driver.find_elements(By.CSS_SELECTOR, f'button.basket-toggle[data-entry="{entry}"]')]


def wait_for_file(folder, suffix, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        done = [name for name in os.listdir(folder) if name.endswith(suffix)]
        if done:
            return os.path.join(folder, done[0])
        time.sleep(0.1)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="guidesite-basket-")
    downloads = os.path.join(scratch, "downloads")
    os.makedirs(downloads)
    try:
        output = os.path.join(scratch, "Output")
        built = subprocess.run([arguments.guidesite, "build", "--root", ROOT, "--output", output, "--quiet"], capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("basket test: the sample site did not build\n" + built.stdout + built.stderr)
        server = serve(output)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = new_driver()
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        try:
            driver.get(base + "native/wheel-picker/")
            check(pressed(driver, "native/wheel-picker/") == ["false"], "an entry page has an unpressed “Add to my criteria” toggle")
            check(toggle(driver, "native/wheel-picker/"), "Tab reaches the entry's toggle")
            check(pressed(driver, "native/wheel-picker/") == ["true"], "Enter presses it (aria-pressed=true)")
            check(status(driver) == "Added Wheel picker to my criteria, 1 entry chosen", f"the live region says so: “{status(driver)}”")

            driver.get(base + "native/")
            check(not driver.find_elements(By.CSS_SELECTOR, "main button.basket-toggle"), "a section's list has no toggle on its rows")
            driver.get(base + "native/slider/")
            check(toggle(driver, "native/slider/", Keys.SPACE), "Tab reaches Slider's toggle on its page")
            check(pressed(driver, "native/slider/") == ["true"], "Space presses it")
            check("2 entries chosen" in status(driver), f"the live region counts two: “{status(driver)}”")

            driver.get(base + "search/?q=button")
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results > li"))
            check(toggle(driver, "web/button/"), "Tab reaches Button's toggle in the search results")
            check(pressed(driver, "web/button/") == ["true"], "Enter presses it")

            driver.refresh()
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results > li"))
            WebDriverWait(driver, 5).until(lambda d: pressed(d, "web/button/") == ["true"])
            check(True, "after a reload the search result's toggle is still pressed")

            driver.get(base + "my-criteria/")
            WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#basket-list > li")) == 3)
            names = [li.find_element(By.TAG_NAME, "a").text for li in driver.find_elements(By.CSS_SELECTOR, "#basket-list > li")]
            check(names == ["Wheel picker", "Slider", "Button"], f"My criteria lists the three, in the order chosen: {names}")
            text = driver.find_element(By.ID, "basket-text").text
            check(text.startswith("Wheel picker (Native apps)") and "- [ ] tab or arrow keys:" in text, "the checklist form combines their tests")
            check(tab_to(driver, lambda e: e[5] == "radio"), "Tab reaches the form's radio buttons")
            ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
            gherkin = driver.find_element(By.ID, "basket-text").text
            check(gherkin.startswith("Feature: My criteria") and "Rule: Slider" in gherkin, "the arrow key chooses Gherkin")
            if arguments.screenshots:
                os.makedirs(arguments.screenshots, exist_ok=True)
                driver.save_screenshot(os.path.join(arguments.screenshots, "basket.png"))
            check(tab_to(driver, lambda e: e[4] == "basket-feature"), "Tab reaches Download .feature")
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            path = wait_for_file(downloads, ".feature")
            check(path is not None and os.path.basename(path) == "my-criteria.feature", "Enter downloads my-criteria.feature")
            if path:
                document = Parser().parse(open(path, encoding="utf-8").read())
                document["uri"] = path
                pickles = Compiler().compile(document)
                rules = [child["rule"]["name"] for child in document["feature"]["children"] if "rule" in child]
                check(rules == ["Wheel picker", "Slider", "Button"], f"the .feature parses: one Rule per entry {rules}")
                check(len(pickles) >= 6, f"and compiles to {len(pickles)} test cases")
            check(tab_to(driver, lambda e: e[4] == "basket-csv"), "Tab reaches Download .csv")
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            path = wait_for_file(downloads, ".csv")
            if path:
                rows = list(csv.DictReader(io.open(path, encoding="utf-8", newline="")))
                check({row["Entry"] for row in rows} == {"Wheel picker", "Slider", "Button"} and all(row["Step"] and row["Expected result"] for row in rows),
                      f"the .csv has {len(rows)} rows of the three entries' steps")
            else:
                check(False, "Enter downloads my-criteria.csv")

            ActionChains(driver).move_to_element(driver.find_element(By.ID, "basket-platform")).perform()
            driver.find_element(By.ID, "basket-platform").send_keys("iOS")
            check("@ios" in driver.find_element(By.ID, "basket-text").text, "choosing iOS tags the Gherkin with @ios")

            check(tab_to(driver, lambda e: "basket-remove" in e[1] and e[2] == "native/slider/"), "Tab reaches Slider's Remove button")
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            names = [li.find_element(By.TAG_NAME, "a").text for li in driver.find_elements(By.CSS_SELECTOR, "#basket-list > li")]
            check(names == ["Wheel picker", "Button"], f"Remove takes it out: {names}")
            check(active(driver)[2] == "web/button/", "focus moves to the next entry's Remove button")
            check(status(driver) == "Removed Slider from my criteria, 2 entries left", f"the live region says so: “{status(driver)}”")
        finally:
            driver.quit()

        plain = new_driver(javascript=False)
        try:
            plain.get(base + "native/wheel-picker/")
            check(not any(b.is_displayed() for b in plain.find_elements(By.CSS_SELECTOR, "button.basket-toggle")), "without JavaScript no toggle shows")
            plain.get(base + "my-criteria/")
            check(plain.find_element(By.CLASS_NAME, "basket-no-script").is_displayed()
                  and not plain.find_element(By.ID, "basket").is_displayed(), "the My criteria page explains the files instead")
            check(any(a.get_attribute("href").endswith("acceptance.csv") for a in plain.find_elements(By.CSS_SELECTOR, "main a")),
                  "and links acceptance.csv")
        finally:
            plain.quit()
            server.shutdown()

        # A library of 450 entries: its tests are spread over three scripts, of which My criteria
        # loads only those of the chosen entries.
        large = os.path.join(scratch, "large")
        for number in range(450):
            path = os.path.join(large, "Content", "components", f"component-{number:03}.md")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as handle:
                handle.write(f"---\ntitle: Component {number}\nkeyboard:\n  tab: Focus reaches component {number}\n---\nBody.\n")
        built = subprocess.run([arguments.guidesite, "build", "--root", large, "--quiet"], capture_output=True, text=True)
        check(built.returncode == 0 and os.path.exists(os.path.join(large, "Output", "acceptance", "2.js")),
              "a library of 450 entries spreads its tests over acceptance/0.js, 1.js and 2.js")
        disk = new_driver()
        try:
            disk.get("file://" + os.path.join(large, "Output", "my-criteria", "index.html"))
            keys = [f"components/component-{number:03}/" for number in (7, 222, 449)]
            disk.execute_script("localStorage.setItem(" + BASKET_KEY + ", JSON.stringify(arguments[0]));", keys)
            disk.refresh()
            WebDriverWait(disk, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#basket-list > li a")) == 3)
            names = [a.text for a in disk.find_elements(By.CSS_SELECTOR, "#basket-list > li a")]
            loaded = disk.execute_script("return Array.from(document.querySelectorAll('script[src*=\"acceptance/\"]')).map(s => s.getAttribute('src'))")
            check(names == ["Component 7", "Component 222", "Component 449"], f"My criteria finds each chosen entry in its script: {names}")
            check(1 <= len(loaded) <= 3 and "Focus reaches component 222" in disk.find_element(By.ID, "basket-text").text,
                  f"loading only the scripts that hold them: {sorted(loaded)}")
        finally:
            disk.quit()

        disk = new_driver()
        try:
            disk.get("file://" + os.path.join(output, "web", "link", "index.html"))
            check(toggle(disk, "web/link/"), "opened from disk, Tab reaches Link's toggle")
            disk.get("file://" + os.path.join(output, "my-criteria", "index.html"))
            WebDriverWait(disk, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#basket-list > li"))
            link = disk.find_element(By.CSS_SELECTOR, "#basket-list > li a")
            check(link.text == "Link" and "Link" in disk.find_element(By.ID, "basket-text").text, "and My criteria shows it, tests loaded from disk")
        finally:
            disk.quit()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("basket test")


if __name__ == "__main__":
    main()
