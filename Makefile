# Two commands on a fresh machine: `make run` and `make test`.
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 0.0.0.0
PORT   ?= 5000
export SCOREKEEPER_DATABASE ?= $(CURDIR)/instance/scorekeeper.sqlite3

.PHONY: run serve test setup setup-dev chromium translations messages vendor bench bench-live clean

run: setup translations ## start the app for the table (the production server, all interfaces)
	HOST=$(HOST) PORT=$(PORT) $(PY) -m scorekeeper.announce
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/gunicorn -c gunicorn.conf.py app:app

serve: setup translations ## production: gunicorn with gevent workers (see gunicorn.conf.py)
	HOST=$(HOST) PORT=$(PORT) $(PY) -m scorekeeper.announce
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/gunicorn -c gunicorn.conf.py app:app

test: setup-dev translations chromium ## every test, browser tests included
	$(PY) -m pytest -n 2 -q

setup: $(VENV)/.installed
setup-dev: $(VENV)/.installed-dev

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download its own browser here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Chromium is missing: run 'sudo apt-get install chromium'"; exit 1; fi; fi

translations: setup ## compile the .po catalogues
	$(VENV)/bin/pybabel --quiet compile -d translations

messages: setup ## extract strings and update the catalogues after changing user-facing text
	$(VENV)/bin/pybabel --quiet extract -F babel.cfg -k N_ -k _l -w 100 -o translations/messages.pot .
	$(VENV)/bin/pybabel --quiet update -w 100 -i translations/messages.pot -d translations

vendor: ## refresh the front-end files (and the tests' axe-core) from the npm registry
	cd /tmp && rm -rf htmx-vendor && mkdir htmx-vendor && cd htmx-vendor && npm pack --silent htmx.org@4.0.1 && tar xzf htmx.org-4.0.1.tgz
	cp /tmp/htmx-vendor/package/dist/htmx.min.js static/htmx-4.0.1.min.js
	cp /tmp/htmx-vendor/package/dist/ext/hx-sse.min.js static/hx-sse-4.0.1.min.js
	cd /tmp/htmx-vendor && npm pack --silent axe-core@4.14.1 && tar xzf axe-core-4.14.1.tgz
	cp /tmp/htmx-vendor/package/axe.min.js tests/browser/vendor/axe-4.14.1.min.js  # browser tests only

bench: setup-dev
	$(PY) bench/replay.py
	$(PY) bench/refresh.py

bench-live: setup ## live streams: gunicorn (gunicorn.conf.py) on 127.0.0.1, 1 to 10 000 open event streams
	$(PY) bench/live.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
