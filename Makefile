# GuideSite: the two commands a newcomer needs are `make site` and `make test`.

SWIFT        ?= swift
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN  := .build/release/guidesite
DEBUG_BIN    := .build/debug/guidesite

.PHONY: site test deps build check-cli clean help

help:
	@echo "make site   install what is missing, build GuideSite, build Content/ into Output/"
	@echo "make test   install what is missing, run the unit tests and every project check"
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

build: deps
	$(SWIFT) build -c release --product guidesite

## Build the sample site in Content/ into Output/.
site: build
	$(RELEASE_BIN) build --root .
	@echo "Open $(CURDIR)/Output/index.html"

## Unit and end-to-end tests, then the checks on the sample site and the command line.
test: deps
	$(SWIFT) build --product guidesite
	$(SWIFT) test --parallel
	$(DEBUG_BIN) build --root . --strict --output .build/sample-site
	./Tests/cli-checks.sh $(DEBUG_BIN)

clean:
	rm -rf .build Output
