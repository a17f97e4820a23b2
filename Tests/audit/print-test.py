#!/usr/bin/env python3
"""An entry of the sample site printed to PDF by headless Chromium (print media, A4), read back
with pdftotext: its title, how-to-test tables, acceptance criteria and developer notes (every
tab's code) are there, each link's address is written after it, and the navigation, search,
table of contents, skip link and edit links are not.

Usage: print-test.py --guidesite path/to/guidesite
"""
import argparse
import base64
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, new_driver, serve  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
check = Checks()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guidesite", required=True)
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="guidesite-print-")
    try:
        output = os.path.join(scratch, "Output")
        built = subprocess.run([arguments.guidesite, "build", "--root", ROOT, "--output", output, "--quiet"], capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("print test: the sample site did not build\n" + built.stdout + built.stderr)
        server = serve(output)
        driver = new_driver()
        try:
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/native/wheel-picker/")
            pdf = driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": False})
        finally:
            driver.quit()
            server.shutdown()
        path = os.path.join(scratch, "entry.pdf")
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(pdf["data"]))
        text = subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout
        pages = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
        joined = re.sub(r"\s+", "", text)
        count = re.search(r"Pages:\s+(\d+)", pages)
        print(f"print test: {len(text)} characters of text on {count.group(1) if count else '?'} pages")
        check(text.lstrip().startswith("Wheel picker"), "the entry's title comes first (no header, navigation or breadcrumbs before it)")
        for words in ["How to test", "Keyboard", "up and down arrows", "The value changes by one step",
                      "Acceptance criteria to copy", "Gherkin scenarios", "Developer notes", "Success criteria"]:
            check(words in text, f"the printout holds \u201c{words}\u201d")
        check("picker.accessibilityLabel" in joined and ".pickerStyle(.wheel)" in joined,
              "both framework tabs' code prints (UIKit's and SwiftUI's)")
        check("(https://www.w3.org/WAI/WCAG22/Understanding/info-and-relationships)" in joined,
              "a link's address is written after it")
        for words in ["Skip to main content", "Search terms", "Contents", "Edit this page", "Copy checklist", "Native apps Web"]:
            check(words not in text, f"the printout leaves out \u201c{words}\u201d")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("Print test")


if __name__ == "__main__":
    main()
