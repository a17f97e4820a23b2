#!/usr/bin/env python3
"""A brand without a layout change: a site whose only theme file is `Templates/assets/brand.css`
(colours in light and dark, fonts and a logo, as the README shows it), built and opened in
headless Chromium. Its colours, font and logo are what the pages show, in both colour schemes,
every page links the stylesheet after site.css, and axe finds no contrast problem with them.

Usage: brand-test.py --guidesite path/to/guidesite --axe path/to/axe.min.js
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Checks, build_strict, guidesite_and_axe, write_site, emulate, new_driver, run_axe, serve  # noqa: E402

check = Checks()

BRAND = """:root {
  --link: #6a1b9a;
  --link-visited: #4a148c;
  --accent: #6a1b9a;
  --accent-text: #ffffff;
  --font-body: Georgia, "DejaVu Serif", serif;
  --logo: url("logo.svg");
  --logo-width: 2rem;
}
@media (prefers-color-scheme: dark) {
  :root {
    --link: #e1bee7;
    --link-visited: #ce93d8;
    --accent: #e1bee7;
    --accent-text: #1a0826;
  }
}
"""

LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#6a1b9a"/></svg>'

FILES = {
    "site.yml": "title: Brand guide\n",
    "Content/index.md": "# Brand guide\n\nSee the [button](web/button.md).\n",
    "Content/web/button.md": "---\ntitle: Button\ncategories: [controls]\nwcag: [2.1.1]\n---\n## Keyboard\n\nPress [Enter](#keyboard).\n",
    "Templates/assets/brand.css": BRAND,
    "Templates/assets/logo.svg": LOGO,
}


def main():
    guidesite, axe = guidesite_and_axe(__doc__)
    scratch = write_site(FILES, "guidesite-brand-")
    try:
        built = build_strict(guidesite, scratch)
        check(built.returncode == 0, "the site with only a brand stylesheet builds with no warning" + (built.stdout + built.stderr))
        output = os.path.join(scratch, "Output")
        page = open(os.path.join(output, "web", "button", "index.html"), encoding="utf-8").read()
        check(page.index('href="../../assets/site.css"') < page.index('href="../../assets/brand.css"'),
              "every page links brand.css after site.css")
        server = serve(output)
        driver = new_driver()
        try:
            for scheme, link, accent in [("light", "rgb(106, 27, 154)", "rgb(106, 27, 154)"), ("dark", "rgb(225, 190, 231)", "rgb(225, 190, 231)")]:
                emulate(driver, scheme, 1280)
                driver.get(f"http://127.0.0.1:{server.server_address[1]}/web/button/")
                style = driver.execute_script(
                    "const a = document.querySelector('main .prose p a');"
                    "return {link: getComputedStyle(a).color, border: getComputedStyle(document.querySelector('.site-header')).borderBottomColor,"
                    " font: getComputedStyle(document.body).fontFamily,"
                    " logo: getComputedStyle(document.querySelector('.site-title'), '::before').backgroundImage,"
                    " logoWidth: getComputedStyle(document.querySelector('.site-title'), '::before').width,"
                    " name: document.querySelector('.site-title').textContent};")
                check(style["link"] == link, f"{scheme}: links take the brand's colour ({style['link']})")
                check(style["border"] == accent, f"{scheme}: the header's line takes the brand's accent ({style['border']})")
                check(style["font"].startswith("Georgia"), f"{scheme}: the body takes the brand's font ({style['font']})")
                check("logo.svg" in style["logo"] and style["logoWidth"] == "32px", f"{scheme}: the logo is drawn before the title ({style['logo']}, {style['logoWidth']})")
                check(style["name"] == "Brand guide", f"{scheme}: the title's text stays the home link's name")
                violations = run_axe(driver, axe)
                check(not violations, f"{scheme}: axe finds nothing with the brand's colours: {[v['id'] for v in violations]}")
        finally:
            driver.quit()
            server.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    check.finish("Brand test")


if __name__ == "__main__":
    main()
