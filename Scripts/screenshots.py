#!/usr/bin/env python3
"""Screenshots of the sample site's home, an entry, a section, a criterion and the search page,
at 1,280 x 900 and 390 x 844, light and dark, as the first screen shows them (WebP), taken in
headless Chromium from a build of the sample site by GUIDESITE. The user guide shows them
(docs/Content/project/screenshots.md), the theme before and after a change side by side.

Usage: .build/audit/venv/bin/python Scripts/screenshots.py GUIDESITE FOLDER
"""
import base64
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "audit"))
from browser import new_driver, serve  # noqa: E402

REPOSITORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PAGES = [("home", ""), ("entry", "native/wheel-picker/"), ("section", "native/"), ("criterion", "wcag/4.1.2/"), ("search", "search/?q=picker")]
VIEWS = [(1280, 900), (390, 844)]


def main():
    guidesite, folder = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    scratch = tempfile.mkdtemp(prefix="guidesite-screenshots-")
    try:
        shutil.copytree(os.path.join(REPOSITORY, "Content"), os.path.join(scratch, "Content"))
        shutil.copy(os.path.join(REPOSITORY, "site.yml"), scratch)
        subprocess.run([guidesite, "build", "--root", scratch, "--quiet"], check=True)
        server = serve(os.path.join(scratch, "Output"))
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        os.makedirs(folder, exist_ok=True)
        driver = new_driver()
        try:
            for width, height in VIEWS:
                for scheme in ["light", "dark"]:
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                    for name, path in PAGES:
                        driver.get(base + path)
                        if name == "search":
                            driver.execute_script("return document.fonts.ready")
                        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "webp", "quality": 70})
                        with open(os.path.join(folder, f"{name}-{width}-{scheme}.webp"), "wb") as handle:
                            handle.write(base64.b64decode(shot["data"]))
        finally:
            driver.quit()
            server.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
