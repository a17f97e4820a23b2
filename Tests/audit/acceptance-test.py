#!/usr/bin/env python3
"""The acceptance files a build writes, read by the tools teams use: every `.feature` file of
the sample site (and its subsets), of each fixture library and of a library of badly written
Gherkin is parsed and compiled by Cucumber's own parser (gherkin-official), and every
acceptance.csv and coverage.csv is read with Python's csv module.

Usage: acceptance-test.py --guidesite path/to/guidesite
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile

from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, html_pages  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
COLUMNS = ["ID", "Test", "Entry", "Section", "Platform", "Test kind", "Step", "Expected result", "WCAG criteria", "URL", "Assistive technologies"]
KINDS = {"keyboard", "gesture", "screen reader", "setting", "check", "scenario"}
check = Checks()

# Gherkin as teams paste it: capitals, no Scenario line, a second Feature, tables of uneven
# width, a doc string, tags, a Background after a scenario, prose, and front matter values
# that hold what Gherkin treats as syntax.
BAD_GHERKIN = """---
title: "Pasted | picker"
description: "Scenario: this description starts like a keyword"
keyboard:
  "# hash key": "Then | a pipe\\nand a second line"
  "@tag key": "@ starts like a tag"
mobile:
  - Swipe right
---

## Gherkin

FEATURE: Pasted picker
GIVEN I am using a keyboard
WHEN I press Tab
THEN focus moves to the picker
| key | result |
| Tab | focus | extra |
Some prose the author wrote between steps.
Scenario Outline: keys
  Given I press <key>
  Then <result>
  Examples:
  | key | result |
  | Tab | moves |
Background:
  Given a background after a scenario
@wip
Scenario:
  \"\"\"
  a doc string
  \"\"\"
  when lowercase keywords
  then they are fixed
Rule: a rule
Examples:
| stray | table |
Given
"""


def build(guidesite, root, output, *extra):
    target = [] if extra else ["--output", output]
    result = subprocess.run([guidesite, "build", "--root", root, *target, "--quiet", *extra], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"acceptance test: {root} did not build\n" + result.stdout + result.stderr)


def features(output):
    found = []
    for folder, dirs, files in os.walk(output):
        dirs[:] = sorted(d for d in dirs if d != "subsets")
        found += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".feature")]
    return found


def parse_features(output, label):
    """Every .feature file parses and compiles; returns {folder: scenario names}."""
    scenarios, failures = {}, []
    for path in features(output):
        text = open(path, encoding="utf-8").read()
        try:
            document = Parser().parse(text)
            document["uri"] = path
            Compiler().compile(document)
        except Exception as error:  # the parser's own errors, with line and column
            failures.append(f"{os.path.relpath(path, output)}: {error}")
            continue
        feature = document.get("feature") or {}
        names = [child["scenario"]["name"] for child in feature.get("children", []) if "scenario" in child]
        scenarios[os.path.dirname(os.path.relpath(path, output))] = (feature.get("name"), names)
    check(not failures, f"{label}: all {len(scenarios) + len(failures)} .feature files parse and compile"
          + ("" if not failures else ": " + "; ".join(failures[:3])))
    return scenarios


def read_csv(path, label, columns=None):
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, strict=True))
    check(bool(rows) and (columns is None or rows[0] == columns), f"{label}: {os.path.basename(path)} has the header {rows[0] if rows else None}")
    check(all(len(row) == len(rows[0]) for row in rows), f"{label}: every row of {os.path.basename(path)} has {len(rows[0]) if rows else 0} fields")
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def check_site(output, label, entries_with_tests):
    scenarios = parse_features(output, label)
    rows = read_csv(os.path.join(output, "acceptance.csv"), label, COLUMNS)
    check(all(row["Test kind"] in KINDS and row["Expected result"] and row["Step"] for row in rows),
          f"{label}: {len(rows)} CSV rows, each with a known test kind, a step and an expected result")
    ids = {row["ID"] for row in rows}
    tested = {folder for folder, (_, names) in scenarios.items() if names}
    check(len(tested) >= entries_with_tests, f"{label}: {len(tested)} entries have scenarios (expected at least {entries_with_tests})")
    by_entry = {}
    for row in rows:
        by_entry.setdefault(row["ID"].split("#")[0].rstrip("/"), set()).add(row["ID"])
    mismatched = [folder for folder in tested if len(by_entry.get(folder, ())) > len(scenarios[folder][1])]
    check(not mismatched, f"{label}: no entry has more tests in the CSV than scenarios in its .feature ({len(ids)} tests)")
    pages = [page for page in html_pages(output) if page.count("/") >= 2 and not page.startswith(("wcag/", "categories/", "subsets/"))]
    # An entry with tests offers them (Add to my criteria, its .feature); a page without tests,
    # such as an article in a section, offers neither.
    offered = {page for page in pages if 'class="basket-toggle"' in open(os.path.join(output, page), encoding="utf-8").read()}
    missing = [page for page in sorted(offered) if os.path.dirname(page) not in scenarios]
    check(not missing, f"{label}: every entry page that offers its tests has a .feature file beside it" + (f" (not {missing[:3]})" if missing else ""))
    unoffered = [folder for folder in sorted(scenarios) if folder + "/index.html" in pages and folder + "/index.html" not in offered]
    check(not unoffered, f"{label}: no page without the Add to my criteria button has a .feature" + (f" ({unoffered[:3]})" if unoffered else ""))
    return scenarios, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="guidesite-acceptance-")
    try:
        site = os.path.join(scratch, "site")
        for part in ["Content", "Templates"]:
            shutil.copytree(os.path.join(ROOT, part), os.path.join(site, part))
        shutil.copy(os.path.join(ROOT, "site.yml"), site)
        output = os.path.join(site, "Output")
        build(arguments.guidesite, site, output, "--all-subsets")
        scenarios, rows = check_site(output, "sample site", 12)
        title, names = scenarios.get("native/wheel-picker", (None, []))
        check(title == "Wheel picker" and names == ["Keyboard", "Mobile gestures", "Screen reader", "Device settings"],
              f"Wheel picker's feature has one scenario per test kind: {names}")
        picker = [row for row in rows if row["Entry"] == "Wheel picker"]
        check(len(picker) == 9 and picker[0]["URL"] == "https://guide.example.org/native/wheel-picker/"
              and picker[0]["WCAG criteria"] == "1.3.1; 2.1.1; 4.1.2" and picker[0]["Section"] == "Native apps",
              f"Wheel picker has 9 CSV rows with its section, criteria and address ({len(picker)})")
        subsets = os.path.join(output, "subsets")
        for name in sorted(os.listdir(subsets)):
            check_site(os.path.join(subsets, name), f"subset {name}", 1)
        coverage = read_csv(os.path.join(output, "wcag", "coverage", "coverage.csv"), "sample site")
        covered = [row for row in coverage if row["Criterion"] == "2.1.1"]
        check(covered and "Wheel picker" in covered[0]["Entries"] and int(covered[0]["Pages"]) > 0,
              "coverage.csv lists the entries that cover 2.1.1")

        for library, tested in [("jekyll-library", 2), ("headings-library", 4), ("developer-notes", 0), ("eleventy-library", 2),
                                ("hugo-library", 1), ("criteria-ja-library", 4), ("jekyll-kramdown-library", 1)]:
            library_output = os.path.join(scratch, library)
            build(arguments.guidesite, os.path.join(ROOT, "Tests", "fixtures", library), library_output)
            check_site(library_output, library, tested)

        bad = os.path.join(scratch, "bad")
        os.makedirs(os.path.join(bad, "Content", "web"))
        with open(os.path.join(bad, "site.yml"), "w") as handle:
            handle.write("title: Pasted\nacceptance-headings: {gherkin: [Gherkin]}\n")
        with open(os.path.join(bad, "Content", "web", "pasted.md"), "w") as handle:
            handle.write(BAD_GHERKIN)
        bad_output = os.path.join(bad, "Output")
        build(arguments.guidesite, bad, bad_output)
        scenarios, rows = check_site(bad_output, "pasted Gherkin", 1)
        text = open(os.path.join(bad_output, "web", "pasted", "pasted.feature"), encoding="utf-8").read()
        for words in ["Some prose the author wrote", "a doc string", "Rule: a rule", "| Tab | focus | extra |", "@wip"]:
            check(words in text, f"pasted Gherkin keeps \u201c{words}\u201d (as a comment where Gherkin cannot hold it)")
        check(scenarios.get("web/pasted", (None, []))[1] == ["Keyboard", "Mobile gestures", "Gherkin", "keys", "Background", "Gherkin"],
              f"pasted Gherkin's scenarios: {scenarios.get('web/pasted')}")
        if os.environ.get("SHOW_FEATURE"):
            print(text)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("acceptance test")


if __name__ == "__main__":
    main()
