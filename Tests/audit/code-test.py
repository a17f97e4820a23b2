#!/usr/bin/env python3
"""Developer notes in a real headless Chromium, on Tests/fixtures/developer-notes: platform and
framework tabs driven by the keyboard (ARIA tabs pattern: one tab stop, arrow keys that wrap,
Home, End, aria-selected, aria-controls), the choice synced across the page and kept across
pages and reloads, a link into a hidden panel showing it, the copy button under every code
block and its live region, and long lines scrolling inside their block at 320 px. With
JavaScript off, the tabs read as headed sections.

Usage: code-test.py --guidesite path/to/guidesite
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, emulate, new_driver, serve  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "developer-notes")
check = Checks()


def tab_sets(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[role=tablist]")


def state(driver, tablist):
    """The labels of a tab list, the selected one, and which panels show."""
    tabs = tablist.find_elements(By.CSS_SELECTOR, "[role=tab]")
    selected = [tab.text for tab in tabs if tab.get_attribute("aria-selected") == "true"]
    shown = [driver.find_element(By.ID, tab.get_attribute("aria-controls")).is_displayed() for tab in tabs]
    return [tab.text for tab in tabs], selected, shown


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def active(driver):
    return driver.switch_to.active_element


def keyboard(driver, base):
    driver.get(base + "components/mute-button/")
    driver.execute_script("localStorage.clear()")
    driver.get(base + "components/mute-button/")
    sets = tab_sets(driver)
    check(len(sets) == 3, f"three tab sets: the code of four frameworks, two iOS sections, two web sections (got {len(sets)})")
    labels, selected, shown = state(driver, sets[0])
    check(labels == ["UIKit", "SwiftUI", "Jetpack Compose", "Views"], f"tabs named from the fences (got {labels})")
    check(selected == ["UIKit"] and shown == [True, False, False, False], "the first tab is selected and only its panel shows")
    check(sets[0].get_attribute("aria-label") == "Frameworks", "the tab list is named")
    panel = driver.find_element(By.ID, sets[0].find_elements(By.CSS_SELECTOR, "[role=tab]")[0].get_attribute("aria-controls"))
    check(panel.get_attribute("role") == "tabpanel" and panel.get_attribute("aria-labelledby").startswith("tab-"),
          "each panel is a tabpanel labelled by its tab")

    # Reach the tabs from the page's start with Tab alone: one stop for the whole list.
    driver.find_element(By.TAG_NAME, "body").click()
    stops = []
    for _ in range(60):
        press(driver, Keys.TAB)
        element = active(driver)
        if element.get_attribute("role") == "tab":
            stops.append(element.text)
            if len(stops) == 1:
                first = element
            press(driver, Keys.TAB)
            after = active(driver)
            check(after.get_attribute("role") == "tabpanel", f"Tab from the selected tab moves into its panel, not to the next tab (got {after.tag_name} {after.get_attribute('role')})")
            press(driver, Keys.SHIFT, Keys.TAB)
            break
    check(stops == ["UIKit"], f"the keyboard reaches the tab list at its selected tab (got {stops})")
    # In the middle of the view: near its bottom edge, a click may land on what scrolls over it.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", first)
    first.click()
    names = {Keys.ARROW_RIGHT: "Right arrow", Keys.ARROW_LEFT: "Left arrow", Keys.HOME: "Home", Keys.END: "End"}
    for key, expected in [(Keys.ARROW_RIGHT, "SwiftUI"), (Keys.ARROW_RIGHT, "Jetpack Compose"), (Keys.END, "Views"),
                          (Keys.ARROW_RIGHT, "UIKit"), (Keys.ARROW_LEFT, "Views"), (Keys.HOME, "UIKit"), (Keys.ARROW_RIGHT, "SwiftUI")]:
        press(driver, key)
        labels, selected, shown = state(driver, sets[0])
        focused = active(driver).text
        check(selected == [expected] and focused == expected and shown.count(True) == 1 and shown[labels.index(expected)],
              f"{names[key]} selects, focuses and shows {expected} (got {selected}, focus {focused})")
    tabindexes = [tab.get_attribute("tabindex") for tab in sets[0].find_elements(By.CSS_SELECTOR, "[role=tab]")]
    check(tabindexes == ["-1", "0", "-1", "-1"], f"only the selected tab is in the tab order (got {tabindexes})")
    check(state(driver, sets[1])[1] == ["SwiftUI"], "choosing SwiftUI selects SwiftUI in the page's other tab set")
    check(state(driver, sets[2])[1] == ["HTML"], "a set without SwiftUI keeps its own choice")

    driver.refresh()
    check(state(driver, tab_sets(driver)[0])[1] == ["SwiftUI"], "after a reload the choice is remembered")
    driver.get(base + "subsets/ios/components/mute-button/")
    check(state(driver, tab_sets(driver)[0])[1] == ["SwiftUI"], "another page of the site opens on the same choice")
    labels = state(driver, tab_sets(driver)[0])[0]
    check(labels == ["UIKit", "SwiftUI"], f"the iOS subset has only its platform's tabs (got {labels})")

    driver.get(base + "components/mute-button/#uikit")
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "uikit").is_displayed())
    check(state(driver, tab_sets(driver)[1])[1] == ["UIKit"], "a link to a heading in a hidden panel selects that panel")


def copy(driver, base):
    driver.get(base + "components/every-language/")
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    blocks = driver.find_elements(By.CSS_SELECTOR, "pre.code-block")
    buttons = driver.find_elements(By.CSS_SELECTOR, "pre.code-block + button.copy-button")
    check(len(blocks) > 10 and len(buttons) == len(blocks), f"every code block has a copy button ({len(buttons)} of {len(blocks)})")
    name = buttons[1].get_attribute("textContent")
    check(name.startswith("Copy") and "code example 2" in name, f"each button says which block it copies (got '{name}')")
    driver.execute_script("arguments[0].focus()", buttons[1])
    press(driver, Keys.ENTER)
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "copy-status").get_attribute("textContent"))
    said = driver.find_element(By.ID, "copy-status").get_attribute("textContent")
    check(said == "Code copied to the clipboard", f"the live region confirms the copy (got '{said}')")
    copied = driver.execute_async_script("const done = arguments[0]; navigator.clipboard.readText().then(done, () => done(null));")
    expected = blocks[1].find_element(By.TAG_NAME, "code").get_attribute("textContent")
    check(copied == expected and "@interface PickerCell" in (copied or ""), "the clipboard holds the block's code, without markup")


def long_lines(driver, base):
    driver.get(base + "components/every-language/")
    emulate(driver, "light", 320)
    page = driver.execute_script("return document.documentElement.scrollWidth")
    check(page <= 320, f"at 320 px the page does not scroll sideways ({page}px)")
    block = driver.find_elements(By.CSS_SELECTOR, "pre.code-block")[-1]
    wide = driver.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", block)
    check(wide[0] > wide[1], f"the long line scrolls inside its block ({wide[0]}px in {wide[1]}px)")
    check(block.get_attribute("tabindex") == "0" and block.get_attribute("role") == "region" and block.get_attribute("aria-label"),
          "the code block is a focusable region with a name")
    driver.execute_script("arguments[0].focus()", block)
    press(driver, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    try:  # smooth scrolling takes a moment
        WebDriverWait(driver, 3).until(lambda d: d.execute_script("return arguments[0].scrollLeft", block) > 0)
    except Exception:
        pass
    moved = driver.execute_script("return arguments[0].scrollLeft", block)
    check(moved > 0, f"the keyboard scrolls it (scrollLeft {moved})")
    emulate(driver, "light", 1280)


def no_script(base):
    html = urllib.request.urlopen(base + "components/mute-button/").read().decode()
    check('<h3 class="tab-heading">UIKit</h3>' in html and 'role="tab"' not in html,
          "without JavaScript the framework samples are headed sections (no tab roles in the HTML)")
    check('<aside class="callout callout-warning" role="note">\n<p class="callout-label">Warning</p>' in html,
          "a [!warning] alert is a note with its label written out")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    arguments = parser.parse_args()
    root = tempfile.mkdtemp(prefix="guidesite-code-")
    try:
        shutil.copytree(FIXTURE, root, dirs_exist_ok=True)
        built = subprocess.run([arguments.guidesite, "build", "--root", root, "--all-subsets", "--strict"], capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("code test: the fixture did not build\n" + built.stdout + built.stderr)
        server = serve(os.path.join(root, "Output"))
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = new_driver()
        try:
            keyboard(driver, base)
            copy(driver, base)
            long_lines(driver, base)
        finally:
            driver.quit()
        no_script(base)
        server.shutdown()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    check.finish("Code test")


if __name__ == "__main__":
    main()
