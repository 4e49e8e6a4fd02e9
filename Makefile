# Every target installs what it needs, and is safe to run twice.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1
SITE_URL ?= http://127.0.0.1:8000/

NODE_STAMP := node_modules/.package-lock.json

.PHONY: serve site test test-unit test-browser catalogs chromium clean bench audit fuzz

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

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# The unit tests read the built site too (tests/site): build it first, once.
test-unit: site
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -m "not browser"

test-browser: chromium site
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -m browser

# Unit tests first, then the browser tests (one Chromium for the whole session).
test: test-unit
	$(MAKE) test-browser

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
