# Every target installs what it needs, and is safe to run twice.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1
SITE_URL ?= http://127.0.0.1:8000/

NODE_STAMP := node_modules/.package-lock.json

.PHONY: serve site install test test-unit test-browser test-webkit test-firefox catalogs chromium webkit firefox browsers \
	clean bench audit run-unit run-unit-engine run-unit-site run-chromium run-webkit run-firefox fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[site,test]'
	touch $(STAMP)

# Pyodide, pinned in package-lock.json (the site bundles it: nothing loads from a CDN).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# Compile the gettext catalogs the engine reads (committed; a test checks they are current).
catalogs: $(STAMP)
	$(PY) -m rules_engine.catalogs compile

site: $(STAMP) $(NODE_STAMP)
	SITE_URL=$(SITE_URL) $(VENV)/bin/mkdocs build --strict --clean

# overrides/serve.py: http.server plus the precompressed .br/.gz files and the right MIME types.
serve: site
	$(PY) overrides/serve.py --directory site --bind 127.0.0.1 8000

install: $(STAMP) $(NODE_STAMP)

# The browsers come from Debian's packages (browser vendors' download servers are out of
# reach; Playwright cannot download its own here), installed only when missing.
APT_INSTALL := apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq

chromium:
	@test -x /usr/bin/chromium || { $(APT_INSTALL) chromium; }

# WebKit (Safari's engine): WebKitWebDriver and MiniBrowser, on an Xvfb screen. About 130 MB
# to download with Firefox; where they cannot be installed, their tests are skipped and say why.
webkit:
	@test -x /usr/bin/WebKitWebDriver && command -v Xvfb >/dev/null || { $(APT_INSTALL) webkit2gtk-driver xvfb; } \
		|| echo "WARNING: webkit2gtk-driver/xvfb could not be installed: the WebKit tests will be skipped"

firefox:
	@test -x /usr/bin/firefox-esr || { $(APT_INSTALL) firefox-esr; } \
		|| echo "WARNING: firefox-esr could not be installed: the Firefox tests will be skipped"

# The three browsers in one apt-get (one dpkg at a time), so that `make test` installs them while
# pip and npm install the rest: downloads that wait on the network, side by side.
browsers:
	@missing=""; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	{ test -x /usr/bin/WebKitWebDriver && command -v Xvfb >/dev/null; } || missing="$$missing webkit2gtk-driver xvfb"; \
	test -x /usr/bin/firefox-esr || missing="$$missing firefox-esr"; \
	test -z "$$missing" || { $(APT_INSTALL) $$missing; } || { $(MAKE) --no-print-directory chromium webkit firefox; }
	@test -x /usr/bin/chromium || { echo "chromium could not be installed"; exit 1; }

# The unit tests read the built site too (tests/site): build it first, once.
test-unit: site
	$(MAKE) --no-print-directory run-unit

test-browser: chromium site
	$(MAKE) --no-print-directory run-chromium

# Smoke suites (tests/smoke) in WebKit and in Firefox: one browser for each session.
test-webkit: webkit site
	$(MAKE) --no-print-directory run-webkit

test-firefox: firefox site
	$(MAKE) --no-print-directory run-firefox

# The test runs alone (no install, no build): `make test` calls them in order.
# Two processes (pytest-xdist), each a test session with its own Chromium: the browser tests
# spend much of their time waiting on a page, and two share the 2-core machine well.
run-unit:
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n 2 -m "not browser and not smoke"

# The same unit tests in two parts for `make test`: those that do not read the built site run while
# it is built (the build mostly waits on one core), then those that do (tests/site).
run-unit-engine:
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n 2 -m "not browser and not smoke" --ignore=tests/site

run-unit-site:
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -m "not browser and not smoke" tests/site

run-chromium:
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n 2 --dist loadgroup -m browser

run-webkit:
	SMOKE_BROWSER=webkit $(PY) -m pytest -m smoke tests/smoke

run-firefox:
	SMOKE_BROWSER=firefox $(PY) -m pytest -m smoke tests/smoke

# Everything, phase by phase, with a timing summary at the end: set-up, the site with the unit
# tests that do not read it, the unit tests that do, then the browser tests (one browser per
# session: Chromium; then WebKit and Firefox side by side, each a light smoke suite that mostly
# waits on its browser).
test:
	@$(PYTHON) tests/phases.py \
		"set-up=$(MAKE) --no-print-directory -j3 --output-sync=target $(STAMP) $(NODE_STAMP) browsers" \
		"site+unit=$(MAKE) --no-print-directory -j2 --output-sync=target site run-unit-engine" \
		"unit-site=$(MAKE) --no-print-directory run-unit-site" \
		"chromium=$(MAKE) --no-print-directory run-chromium" \
		"webkit+firefox=$(MAKE) --no-print-directory -j2 --output-sync=target run-webkit run-firefox"

# The checker's speed in Chromium (a benchmark, not a test: ~10 minutes; not part of `make test`).
# BENCH_ARGS passes options, e.g. make bench BENCH_ARGS="--runs 3 --profile desktop --json out.json"
bench: chromium site
	$(PY) -m tests.benchmarks.checker_speed $(BENCH_ARGS)

# Lighthouse (npm, pinned in package-lock.json) on the 12 procedure pages, mobile: performance
# >= 95, accessibility, best practices and SEO 100, or it fails (~10 minutes; not in `make test`).
# AUDIT_ARGS passes options, e.g. make audit AUDIT_ARGS="--only /fr/ --keep /tmp/reports"
audit: chromium site
	$(PY) -m tests.benchmarks.lighthouse_audit site $(AUDIT_ARGS)

# A million random and mutated scenarios through judge(), the CLI's path and judge_json(): any exception
# but ScenarioError is a crash (a few minutes; not part of `make test`). FUZZ_ARGS passes options,
# e.g. make fuzz FUZZ_ARGS="--count 200000 --seed 7 --jobs 2 --json fuzz.json"
fuzz: $(STAMP)
	$(PY) -m tests.benchmarks.fuzz_engine $(FUZZ_ARGS)

clean:
	rm -rf site $(VENV) node_modules .cache
