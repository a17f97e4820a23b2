#!/usr/bin/env python3
"""The search page in a real headless Chromium, on a fixture site whose answers are known:
the index is fetched only on the first search, typing shows ranked results (title before text),
a criterion number finds the entries that serve it, filters narrow the results, the live region
says how many there are, the keyboard reaches everything, the header form of any page leads to
results, and with JavaScript off the page lists every entry A to Z.

Usage: search-test.py --guidesite path/to/guidesite
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, new_driver, serve  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

FILES = {
    "site.yml": "title: Search fixture\nsections:\n  native: {title: Native apps}\n  web: {title: Web}\n"
                "categories:\n  pickers: {title: Pickers}\n  controls: {title: Controls}\n"
                "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n",
    # Recorded as a translation of some other version: a warning, so the build is not --strict.
    "Content/native/wheel-picker.fr.md": "---\ntitle: Sélecteur à molette\n---\n## iOS\n\nFait défiler les valeurs.\n",
    "Content/index.md": "Welcome to the fixture.\n",
    "Content/native/wheel-picker.md": "---\ntitle: Wheel picker\ncategories: [pickers, controls]\nwcag: [1.3.1]\n---\n"
                                      "## iOS\n\nSpins through values.\n\n## Android\n\nA number picker.\n",
    "Content/native/date-field.md": "---\ntitle: Date field\ncategories: [controls]\nwcag: [2.4.7]\n---\n"
                                    "## iOS\n\nOpens a picker when activated.\n",
    "Content/web/button.md": "---\ntitle: Button\ncategories: [controls]\nwcag: [2.4.7, 4.1.2]\n---\n"
                             "## Web\n\nA native button element.\n",
    "Content/web/carousel.md": "---\ntitle: Carousel\ncategories: [controls]\n---\n## Web\n\nSlides rotate.\n",
}

# A Japanese library: words are written without spaces, so search finds them inside the text.
JAPANESE = {
    "site.yml": "title: 達成基準の解説\nlanguage: ja\n",
    "Content/index.md": "達成基準ごとの解説です。\n",
    "Content/sc/1-4-13.md": "---\ntitle: 1.4.13 ホバー又はフォーカスで表示されるコンテンツ\nsc: 1.4.13\n---\n"
                            "追加コンテンツは、ポインタを移動しても消えないこと。\n",
    "Content/sc/2-4-7.md": "---\ntitle: 2.4.7 フォーカスの可視化\nsc: 2.4.7\n---\nキーボード操作のフォーカスインジケータが見えること。\n",
}

check = Checks()


def results(driver):
    return [item.find_element(By.TAG_NAME, "a").text for item in driver.find_elements(By.CSS_SELECTOR, "#search-results > li")]


def status(driver):
    return driver.find_element(By.ID, "search-status").text


def wait_for_status(driver, text):
    try:
        WebDriverWait(driver, 5).until(lambda d: text in status(d))
    except Exception:
        pass
    return status(driver)


def type_query(driver, query):
    field = driver.find_element(By.ID, "search-q")
    field.clear()
    field.send_keys(query)


def index_requests(driver, name="search/meta.js"):
    return driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes(arguments[0])).length", name)


def index_bytes(driver):
    """Bytes of the index's pieces and the script loaded so far (the files' sizes: no compression here)."""
    return driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => /search\\/|search\\.js/.test(e.name))"
        ".reduce((n, e) => n + e.decodedBodySize, 0)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    arguments = parser.parse_args()
    root = tempfile.mkdtemp(prefix="guidesite-search-")
    try:
        for path, text in FILES.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as handle:
                handle.write(text)
        built = subprocess.run([arguments.guidesite, "build", "--root", root], capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("search test: the fixture did not build\n" + built.stdout + built.stderr)
        server = serve(os.path.join(root, "Output"))
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = new_driver()
        try:
            run(driver, base)
            languages(driver, base)
        finally:
            driver.quit()
            server.shutdown()
        no_script(base, root)
        japanese(arguments.guidesite)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    check.finish("Search test")


def japanese(guidesite):
    """A Japanese site finds words inside text written without spaces, in titles and bodies."""
    root = tempfile.mkdtemp(prefix="guidesite-search-ja-")
    try:
        for path, text in JAPANESE.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as handle:
                handle.write(text)
        built = subprocess.run([guidesite, "build", "--root", root], capture_output=True, text=True)
        check(built.returncode == 0, "the Japanese site builds" + built.stderr)
        server = serve(os.path.join(root, "Output"))
        driver = new_driver()
        try:
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/search/")
            for query, expected in (("ホバー", ["1.4.13 ホバー又はフォーカスで表示されるコンテンツ"]),
                                    ("フォーカス", ["2.4.7 フォーカスの可視化", "1.4.13 ホバー又はフォーカスで表示されるコンテンツ"]),
                                    ("消えない", ["1.4.13 ホバー又はフォーカスで表示されるコンテンツ"]),
                                    ("インジケータ", ["2.4.7 フォーカスの可視化"])):
                type_query(driver, query)
                wait_for_status(driver, query)
                check(results(driver) == expected, f"the Japanese search for {query} finds {expected} (got {results(driver)})")
        finally:
            driver.quit()
            server.shutdown()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run(driver, base):
    driver.get(base + "search/")
    check(index_requests(driver) == 0, "the index is not fetched before the reader searches")
    check(driver.find_element(By.ID, "search-all").is_displayed(), "before a search, every page is listed A to Z")

    type_query(driver, "picker")
    said = wait_for_status(driver, "result")
    check(index_requests(driver) == 1, "the first search fetches the index's first piece once")
    check(index_requests(driver, "search/index.js") == 0, "the search page never loads the whole index")
    check(index_requests(driver, "search/t/wpic.js") == 1, "the query loads the piece of the words it begins")
    check(results(driver) == ["Wheel picker", "Date field"], f"'picker': title match first, then the text match (got {results(driver)})")
    check(said == "2 results for \u201cpicker\u201d.", f"the live region says how many (got '{said}')")
    region = driver.find_element(By.ID, "search-status")
    check(region.get_attribute("role") == "status", "the count is in a polite live region (role=status)")
    marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "#search-results mark")]
    check("picker" in [mark.lower() for mark in marks], f"matches are highlighted (marks: {marks[:4]})")
    check(not driver.find_element(By.ID, "search-all").is_displayed(), "the A to Z list gives way to the results")
    check("q=picker" in driver.current_url, "the query is kept in the address, so results can be shared")
    took = driver.find_element(By.ID, "search-results").get_attribute("data-ms")
    check(took is not None and float(took) < 50, f"the query took {took} ms")

    type_query(driver, "carou")
    wait_for_status(driver, "\u201ccarou\u201d")
    check(results(driver) == ["Carousel"], f"a word's start finds it as you type (got {results(driver)})")
    marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "#search-results mark")]
    check(marks[:1] == ["Carou"], f"the start typed is marked in the title (marks: {marks})")

    type_query(driver, "ca")
    wait_for_status(driver, "\u201cca\u201d")
    check(results(driver) == ["Carousel"], f"two letters find the words they begin too (got {results(driver)})")

    type_query(driver, "spins values")
    wait_for_status(driver, "\u201cspins values\u201d")
    check(results(driver) == ["Wheel picker"], f"every word must be found (got {results(driver)})")
    type_query(driver, "spins nothing")
    said = wait_for_status(driver, "No results")
    check(results(driver) == [] and said.startswith("No results"), f"a word no page has finds nothing (got {results(driver)})")

    type_query(driver, "2.4.7")
    wait_for_status(driver, "\u201c2.4.7\u201d")
    check(sorted(results(driver)) == ["Button", "Date field"], f"'2.4.7' finds the entries that serve it (got {results(driver)})")

    Select(driver.find_element(By.ID, "search-platform")).select_by_visible_text("Web")
    said = wait_for_status(driver, "filters")
    check(results(driver) == ["Button"], f"the platform filter narrows to Web entries (got {results(driver)})")
    check(said == "1 result for \u201c2.4.7\u201d with the chosen filters.", f"the count names the filters (got '{said}')")
    Select(driver.find_element(By.ID, "search-platform")).select_by_visible_text("All platforms")

    type_query(driver, "")
    Select(driver.find_element(By.ID, "search-category")).select_by_visible_text("Pickers")
    wait_for_status(driver, "filters")
    check(results(driver) == ["Wheel picker"], f"a category alone lists its entries (got {results(driver)})")
    Select(driver.find_element(By.ID, "search-section")).select_by_visible_text("Web")
    said = wait_for_status(driver, "No results")
    check(said.startswith("No results with the chosen filters"), f"no results is said, not silent (got '{said}')")
    Select(driver.find_element(By.ID, "search-category")).select_by_visible_text("All categories")
    Select(driver.find_element(By.ID, "search-section")).select_by_visible_text("All sections")
    time.sleep(0.3)
    check(driver.find_element(By.ID, "search-all").is_displayed(), "with no query and no filter the A to Z list is back")

    # Keyboard only: type, press Enter (no reload), then Tab through to the first result.
    driver.get(base + "search/")
    field = driver.find_element(By.ID, "search-q")
    field.send_keys("carousel" + Keys.ENTER)
    wait_for_status(driver, "result")
    check(results(driver) == ["Carousel"], "Enter searches without leaving the page")
    reached = None
    for _ in range(12):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        active = driver.switch_to.active_element
        if active.tag_name == "a" and active.text == "Carousel":
            reached = active
            break
    check(reached is not None, "Tab reaches the first result link from the search field")

    # The header form of any page leads to the results.
    driver.get(base + "native/wheel-picker/")
    header = driver.find_element(By.ID, "site-search-q")
    check(header.find_element(By.XPATH, "ancestor::form").get_attribute("role") == "search", "the header form is a search landmark")
    header.send_keys("button" + Keys.ENTER)
    wait_for_status(driver, "result")
    check("/search/" in driver.current_url and results(driver) == ["Button"], "searching from the header shows results on /search/")


def languages(driver, base):
    """Each language's search page searches that language's pages, and speaks it."""
    driver.get(base + "fr/search/")
    type_query(driver, "molette")
    said = wait_for_status(driver, "molette")
    check(results(driver) == ["Sélecteur à molette"], f"the French search finds the French page (got {results(driver)})")
    check(said == "1 résultat pour « molette ».", f"the French live region speaks French (got '{said}')")
    type_query(driver, "selecteur a molette")
    wait_for_status(driver, "selecteur")
    check(results(driver) == ["Sélecteur à molette"], f"accents are folded: 'selecteur' finds 'Sélecteur' (got {results(driver)})")
    marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "#search-results mark")]
    check("Sélecteur" in marks, f"the word as written is marked, accent and all (marks: {marks})")
    type_query(driver, "carousel")
    said = wait_for_status(driver, "carousel")
    check(results(driver) == [] and said.startswith("Aucun résultat pour « carousel »"),
          f"pages only in English are not in the French index (got {results(driver)}, '{said}')")
    driver.get(base + "search/")
    type_query(driver, "molette")
    said = wait_for_status(driver, "molette")
    check(results(driver) == [] and said.startswith("No results"), f"the English search has no French pages (got {results(driver)})")


def no_script(base, root):
    """With JavaScript off, the form still submits to /search/, which lists every entry."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    server = serve(os.path.join(root, "Output"))
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(base + "web/button/")
        driver.find_element(By.ID, "site-search-q").send_keys("picker" + Keys.ENTER)
        WebDriverWait(driver, 5).until(lambda d: "/search/" in d.current_url)
        listed = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#search-all .entry-list > li > a")]
        check(listed == ["Button", "Carousel", "Date field", "Wheel picker"],
              f"without JavaScript the search page lists every entry A to Z (got {listed})")
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
