# Two commands on a fresh machine: `make run` and `make test`.
# Both install from the lock files (exact versions with hashes, requirements/*.lock): `make run` the
# runtime lock alone, `make test` the dev lock on top. `make lock` refreshes them from pyproject.toml.
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check
HOST   ?= 0.0.0.0
PORT   ?= 5000
UV_COMPILE = $(VENV)/bin/uv pip compile --quiet --generate-hashes --universal --python-version 3.11

.PHONY: run serve test test-fast test-slow lint setup setup-dev chromium messages security-doc lock vendor bench bench-live clean

run: setup ## start the app for the table (the production server, all interfaces)
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/segnapunti run

serve: run ## the same server: gunicorn with gevent workers (scorekeeper/server/gunicorn_config.py)

test: setup-dev chromium lint ## every test but the slow tier, browser tests included
	$(PY) -m pytest -n 2 --dist worksteal -q -m "not slow"

test-fast: setup-dev ## the inner loop: every test but the browser ones (marked `browser`) and the slow tier
	$(PY) -m pytest -n 2 --dist worksteal -q -m "not browser and not slow"

test-slow: setup-dev chromium ## the slow tier (marked `slow`): the long searches and journeys, and the fuzzers (marked `search`) ten times wider; CI runs it after `make test`
	$(PY) -m pytest -n 2 --dist worksteal -q -m "slow or search" --hypothesis-profile=slow

lint: setup-dev ## ruff (pyflakes, bugbear, pycodestyle errors) and mypy (rules/, families/): CI runs them with the tests
	$(VENV)/bin/ruff check --quiet .
	$(VENV)/bin/mypy

setup: $(VENV)/.installed
setup-dev: $(VENV)/.installed-dev

# The runtime lock alone: what `make run` (and nothing more) needs. The project itself is installed
# without build isolation, from the setuptools of the lock: nothing unlocked is downloaded.
$(VENV)/.installed: requirements/runtime.lock pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) --require-hashes --no-deps -r requirements/runtime.lock
	$(PIP) --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements/dev.lock
	$(PIP) --require-hashes --no-deps -r requirements/dev.lock
	touch $@

lock: setup-dev ## refresh both lock files to the newest releases pyproject.toml allows (review, test, commit)
	$(UV_COMPILE) --upgrade pyproject.toml requirements/build.in -o requirements/runtime.lock
	$(UV_COMPILE) --upgrade pyproject.toml requirements/build.in --extra dev -c requirements/runtime.lock \
	  -o requirements/dev.lock

# Debian's Chromium for the browser tests (Playwright cannot download its own browser here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Chromium is missing: run 'sudo apt-get install chromium'"; exit 1; fi; fi

CATALOGUES := scorekeeper/translations
messages: setup ## after changing user-facing text: extract, update and compile the catalogues (commit the .mo too)
	$(VENV)/bin/pybabel --quiet extract -F babel.cfg -k N_ -k NN_:1,2 -k _l -w 100 -o $(CATALOGUES)/messages.pot .
	$(VENV)/bin/pybabel --quiet update -w 100 -i $(CATALOGUES)/messages.pot -d $(CATALOGUES)
	$(VENV)/bin/pybabel --quiet compile -d $(CATALOGUES)

security-doc: setup ## after changing a door (scorekeeper/web/gate/doors.py): write its table into docs/security.md
	$(PY) -m scorekeeper.web.gate.doors docs/security.md

STATIC := static
vendor: ## refresh the front-end files (and the tests' axe-core) from the npm registry
	cd /tmp && rm -rf htmx-vendor && mkdir htmx-vendor && cd htmx-vendor && npm pack --silent htmx.org@4.0.1 && tar xzf htmx.org-4.0.1.tgz
	cp /tmp/htmx-vendor/package/dist/htmx.min.js $(STATIC)/htmx-4.0.1.min.js
	cp /tmp/htmx-vendor/package/dist/ext/hx-sse.min.js $(STATIC)/hx-sse-4.0.1.min.js
	cd /tmp/htmx-vendor && npm pack --silent axe-core@4.14.1 && tar xzf axe-core-4.14.1.tgz
	cp /tmp/htmx-vendor/package/axe.min.js tests/browser/vendor/axe-4.14.1.min.js  # browser tests only
	cd /tmp/htmx-vendor && npm pack --silent @fontsource/noto-sans@5.3.0 && tar xzf fontsource-noto-sans-5.3.0.tgz
	cp /tmp/htmx-vendor/package/files/noto-sans-latin-400-normal.woff scorekeeper/formats/fonts/  # the results card
	cp /tmp/htmx-vendor/package/LICENSE scorekeeper/formats/fonts/OFL.txt

bench: setup-dev ## replay, refresh, isolation, import, seating, club-evening, costly-page, every-door, club-ratings and whole-club benchmarks (they print numbers, assert nothing)
	$(PY) bench/replay.py
	$(PY) bench/refresh.py
	$(PY) bench/isolation.py
	$(PY) bench/imports.py
	$(PY) bench/seating.py
	$(PY) bench/evening.py
	$(PY) bench/costs.py
	$(PY) bench/seating_load.py
	$(PY) bench/doors.py
	$(PY) bench/ratings.py
	$(PY) bench/club.py

bench-live: setup ## live streams: the production server on 127.0.0.1, 1 to 10 000 open event streams
	$(PY) bench/live.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
