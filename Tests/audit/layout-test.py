#!/usr/bin/env python3
"""The theme's layout, measured in headless Chromium on the sample site's wheel picker:

- at 1,280 x 900, a header of one row (at most 120 px), the navigation beside the text with the
  page marked `aria-current="page"` under its section, the page's contents beside the text on the
  other side, both sticky, "How to test" within the first screen, the platform sections as tabs
  (a link into a hidden one shows it) and the page at most 5,000 px tall;
- at 1,024 px, the navigation beside the text and the contents in it; the coverage table wider
  than the text's measure;
- at 390 px, a header of at most 160 px and the navigation behind a Menu button that follows the
  disclosure pattern (closed at first, opened and closed by the button, closed by Escape with the
  focus back on the button); without JavaScript the navigation shows and the button does not;
- heading anchors shown only on hover and focus.

Prints the figures it measured. Usage: layout-test.py --guidesite path/to/guidesite
"""
import argparse
import os
import shutil
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, build_strict, new_driver, serve  # noqa: E402

check = Checks()
REPOSITORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BOXES = """
const box = selector => { const e = document.querySelector(selector); if (!e) return null;
  const b = e.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, height: b.height,
  sticky: getComputedStyle(e).position === 'sticky', shown: e.offsetParent !== null || getComputedStyle(e).position === 'sticky'}; };
const testing = Array.from(document.querySelectorAll('main h2')).find(h => /How to test/.test(h.textContent));
return {header: box('.site-header'), nav: box('#site-navigation'), main: box('main'), toc: box('.toc'), menu: box('.menu-button'),
  current: document.querySelector('#site-navigation ul ul a[aria-current="page"]')?.textContent,
  testing: testing ? testing.getBoundingClientRect().top + window.scrollY : null, height: document.documentElement.scrollHeight};
"""


def measure(driver, url, width, height=900):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.get(url)
    return driver.execute_script(BOXES)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    guidesite = os.path.abspath(parser.parse_args().guidesite)
    scratch = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"guidesite-layout-{os.getpid()}")
    shutil.copytree(os.path.join(REPOSITORY, "Content"), os.path.join(scratch, "Content"))
    shutil.copy(os.path.join(REPOSITORY, "site.yml"), scratch)
    try:
        built = build_strict(guidesite, scratch)
        check(built.returncode == 0, "the sample site builds with no warning " + built.stdout + built.stderr)
        server = serve(os.path.join(scratch, "Output"))
        url = f"http://127.0.0.1:{server.server_address[1]}/native/wheel-picker/"
        driver = new_driver()
        try:
            wide = measure(driver, url, 1280)
            print(f"1280 x 900: header {wide['header']['height']:.0f} px, navigation at {wide['nav']['left']:.0f}-{wide['nav']['right']:.0f}, "
                  f"text at {wide['main']['left']:.0f}-{wide['main']['right']:.0f}, contents at {wide['toc']['left']:.0f}-{wide['toc']['right']:.0f}, "
                  f"How to test at {wide['testing']:.0f} px, page {wide['height']} px tall")
            check(wide["header"]["height"] <= 120, "at 1,280 px the header is one row, at most 120 px")
            check(wide["nav"]["right"] <= wide["main"]["left"] and wide["nav"]["sticky"], "the navigation is beside the text, sticky")
            check(wide["current"] == "Wheel picker", f"the page is current under its section: {wide['current']!r}")
            check(wide["toc"]["left"] >= wide["main"]["right"] and wide["toc"]["sticky"], "the contents are beside the text on the other side, sticky")
            check(wide["testing"] is not None and wide["testing"] < 900, "How to test starts within the first screen")
            check(wide["height"] <= 5000, f"the page is at most 5,000 px tall: {wide['height']}")
            platforms = driver.find_elements(By.CSS_SELECTOR, '[data-tabs="platform"] > [role="tablist"] > [role="tab"]')
            check([tab.text for tab in platforms] == ["iOS", "Android"], "the platform sections are tabs, their parts inside them")
            driver.get(url + "#name-1")
            android = driver.find_element(By.ID, "name-1")
            check(android.is_displayed() and platforms[1].get_attribute("aria-selected") == "true" if len(platforms) == 2 else False,
                  "a link to a heading in the Android tab shows that tab")
            coverage = measure(driver, url.replace("native/wheel-picker/", "wcag/coverage/"), 1280)
            print(f"1280 x 900: the coverage table's column at {coverage['main']['left']:.0f}-{coverage['main']['right']:.0f}")
            check(coverage["main"]["right"] - coverage["main"]["left"] > wide["main"]["right"] - wide["main"]["left"] + 200,
                  "the coverage table takes the whole width beside the navigation")
            middle = measure(driver, url, 1024)
            check(middle["nav"]["right"] <= middle["main"]["left"], "at 1,024 px the navigation is beside the text")
            check(middle["main"]["left"] <= middle["toc"]["left"] < middle["main"]["right"], "and the contents are in it")
            phone = measure(driver, url, 390, 844)
            print(f"390 x 844: header {phone['header']['height']:.0f} px")
            check(phone["header"]["height"] <= 160, "on a phone the header is at most 160 px")
            button = driver.find_element(By.CSS_SELECTOR, ".menu-button")
            nav = driver.find_element(By.ID, "site-navigation")
            check(button.is_displayed() and button.get_attribute("aria-expanded") == "false" and not nav.is_displayed(),
                  "the navigation is behind a Menu button, closed")
            check(button.get_attribute("aria-controls") == "site-navigation", "the button names what it opens")
            button.click()
            check(button.get_attribute("aria-expanded") == "true" and nav.is_displayed(), "the button opens it")
            driver.switch_to.active_element.send_keys(Keys.ESCAPE)
            check(button.get_attribute("aria-expanded") == "false" and not nav.is_displayed(), "Escape closes it")
            check(driver.switch_to.active_element == button, "with the focus back on the button")
            button.click()
            button.click()
            check(not nav.is_displayed(), "the button closes it again")
            measure(driver, url, 1280)
            anchor = driver.find_element(By.CSS_SELECTOR, ".prose .heading-anchor")
            hidden = driver.execute_script("return getComputedStyle(arguments[0]).opacity", anchor)
            driver.execute_script("arguments[0].focus()", anchor)
            focused = driver.execute_script("return getComputedStyle(arguments[0]).opacity", anchor)
            check(hidden == "0" and focused == "1", f"a heading's anchor shows on focus only: {hidden} then {focused}")
        finally:
            driver.quit()
        plain = new_driver(javascript=False)
        try:
            measure(plain, url, 390, 844)
            check(plain.find_element(By.ID, "site-navigation").is_displayed(), "without JavaScript the navigation shows")
            check(not plain.find_element(By.CSS_SELECTOR, ".menu-button").is_displayed(), "and no Menu button")
        finally:
            plain.quit()
            server.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("Layout test")


if __name__ == "__main__":
    main()
