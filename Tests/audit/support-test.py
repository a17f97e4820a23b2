#!/usr/bin/env python3
"""The support matrix (/support/) in headless Chromium, used with the keyboard: Tab reaches the
platform filter, arrow keys choose a platform, and only the entries and results on it stay, with
the count said in the status region; the technology filter leaves one column. Without
JavaScript the filters stay hidden and the whole matrix shows. axe finds nothing either way.

Usage: support-test.py --guidesite path/to/guidesite --axe path/to/axe.min.js
"""
import os
import shutil
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, build_strict, guidesite_and_axe, write_site, new_driver, run_axe, serve  # noqa: E402

check = Checks()

FILES = {
    "site.yml": "title: Support guide\n",
    "Content/native/picker.md": "---\ntitle: Picker\nsupport:\n  - at: VoiceOver\n    platform: iOS\n    result: supported\n    date: 2026-10-01\n"
                                "  - at: TalkBack\n    platform: Android\n    result: partial\n    date: 2020-01-01\n---\nText.\n",
    "Content/native/switch.md": "---\ntitle: Switch\nsupport:\n  - at: TalkBack\n    platform: Android\n    result: not supported\n    date: 2026-09-01\n---\nText.\n",
    "Content/web/button.md": "---\ntitle: Button\nsupport:\n  - at: NVDA\n    platform: Windows\n    browser: Firefox\n    result: supported\n    date: 2026-09-02\n---\nText.\n",
}


def visible_rows(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.support-matrix tbody tr')).filter(r => !r.hidden).map(r => r.querySelector('th').textContent);")


def main():
    guidesite, axe = guidesite_and_axe(__doc__)
    scratch = write_site(FILES, "guidesite-support-")
    try:
        built = build_strict(guidesite, scratch)
        check(built.returncode == 0, "the site with support results builds with no warning " + built.stdout + built.stderr)
        output = os.path.join(scratch, "Output")
        server = serve(output)
        url = f"http://127.0.0.1:{server.server_address[1]}/support/"
        driver = new_driver()
        try:
            driver.get(url)
            check(visible_rows(driver) == ["Button", "Picker", "Switch"], f"every entry shows at first: {visible_rows(driver)}")
            stale = driver.find_elements(By.CSS_SELECTOR, ".support-matrix .stale")
            check(len(stale) == 1 and "more than 12 months" in stale[0].text, "the old TalkBack result is marked")
            platform = driver.find_element(By.ID, "support-platform")
            for _ in range(40):
                body = driver.switch_to.active_element
                if body == platform:
                    break
                body.send_keys(Keys.TAB)
            check(driver.switch_to.active_element == platform, "Tab reaches the platform filter")
            platform.send_keys(Keys.ARROW_DOWN)  # Android, the first platform
            check(visible_rows(driver) == ["Picker", "Switch"], f"Android leaves the entries tested on it: {visible_rows(driver)}")
            hidden = driver.execute_script("return Array.from(document.querySelectorAll('.support-matrix a[data-platform]')).filter(a => a.offsetParent === null).map(a => a.getAttribute('data-platform'));")
            check(sorted(hidden) == ["Windows", "iOS"], f"and hides the results on other platforms: {hidden}")
            status = driver.find_element(By.ID, "support-status").get_attribute("textContent")
            check(status == "2 entries shown", f"the status region says how many: {status!r}")
            check(not run_axe(driver, axe), "axe finds nothing with a platform chosen")
            platform.send_keys(Keys.HOME)
            technology = driver.find_element(By.ID, "support-technology")
            technology.send_keys(Keys.ARROW_DOWN)  # VoiceOver, the first technology
            columns = driver.execute_script("return Array.from(document.querySelectorAll('.support-matrix thead th[data-at]')).filter(c => !c.hidden).map(c => c.firstChild.textContent);")
            check(columns == ["VoiceOver"], f"a technology leaves its column: {columns}")
            check(visible_rows(driver) == ["Picker"], f"and the entries tested with it: {visible_rows(driver)}")
        finally:
            driver.quit()
        plain = new_driver(javascript=False)
        try:
            plain.get(url)
            check(not plain.find_element(By.ID, "support-filters").is_displayed(), "without JavaScript the filters stay hidden")
            check(len(plain.find_elements(By.CSS_SELECTOR, ".support-matrix tbody tr")) == 3, "and the whole matrix shows")
        finally:
            plain.quit()
            server.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("Support matrix test")


if __name__ == "__main__":
    main()
