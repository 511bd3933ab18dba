# The housing-code guidance assistant. The two commands that matter: `make run`, `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV      := .venv
PY        := $(VENV)/bin/python
RASA      := $(VENV)/bin/rasa
# pyenv resolves python3.10 from .python-version; fall back to whatever python3.10 is on PATH.
PYTHON310 ?= $(shell command -v python3.10 || echo python3.10)
STAMP     := $(VENV)/.installed
KB        := build/kb.sqlite
SPACY     := build/spacy_model/meta.json
MODEL     := models/housing.tar.gz
KB_INPUTS := $(wildcard knowledge/data/*.yml knowledge/sources/*.txt) knowledge/vocab.yml knowledge/synonyms.yml knowledge/places.yml knowledge/people.yml knowledge/facts.yml \
             knowledge/curated.py knowledge/text_checks.py knowledge/build.py knowledge/citations.py knowledge/shorthand.py
NLU_INPUTS := $(shell find data bot/domain -name '*.yml' 2>/dev/null) config.yml $(SPACY)

export TF_CPP_MIN_LOG_LEVEL := 2
# No telemetry or error reports leave the machine.
export RASA_TELEMETRY_ENABLED := false
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: help setup install kb nlp train run test test-fast lint validate clean nlu-test

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON310) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade "pip==24.0"
	$(PY) -m pip install --quiet -r requirements.lock
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	@touch $@

install: $(STAMP) ## Create .venv (Python 3.10) and install the locked dependencies

$(KB): $(STAMP) $(KB_INPUTS)
	$(PY) -m knowledge.cli build --db $@

kb: $(KB) ## Validate the curated ordinance files and compile build/kb.sqlite

$(SPACY): $(KB) knowledge/nlp.py $(wildcard knowledge/parsing/*.py) knowledge/entities.py
	$(PY) -m knowledge.cli build-nlp --db $(KB) --out build/spacy_model
	@test -f $@

nlp: $(SPACY) ## Build the project's own spaCy pipeline (blank English + rules from the KB)

$(MODEL): $(STAMP) $(NLU_INPUTS)
	@mkdir -p build
	@echo "training the Rasa model (log: build/train.log)"
	@$(RASA) train --config config.yml --domain bot/domain --data data --out models \
	  --fixed-model-name housing --force > build/train.log 2>&1 \
	  || { tail -n 40 build/train.log; exit 1; }
	@touch $@

train: $(MODEL) ## Train the Rasa model (only when data, config or domain changed)

setup: $(STAMP) $(KB) $(SPACY) $(MODEL) ## Everything `run` and `test` need

run: setup ## Set up if needed, then start the action server (:5055) and Rasa (:5005)
	$(PY) -m bot.launch

.PHONY: purge
purge: $(STAMP) ## Delete conversations and SMS records older than RETENTION_DAYS (default 90); report it
	$(PY) -m bot.retention purge

test: setup browser axe ## Set up if needed, then run the whole test suite
	$(PY) -m pytest -q --durations=25

.PHONY: test-fast
FAST := not servers and not browser and not services and not rasa
test-fast: $(STAMP) $(KB) $(SPACY) ## The fast tier: no servers, browser, services or trained model (two workers, about 70 s)
	$(PY) -m pytest -q -n 2 -m "$(FAST)"

.PHONY: bench
bench: setup ## Latency, throughput, cold start, training, memory vs Rasa's starter (bench/results.json)
	$(PY) -m bench.run

.PHONY: bench-curve
bench-curve: setup ## The 5/50/200 cost curve with REST p50 on a model retrained per size (10-15 min; bench/results.json)
	$(PY) -m bench.curve --markdown

.PHONY: browser
CHROMIUM := /usr/bin/chromium
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)
browser: ## Install Debian's chromium for the web-chat browser test (only if missing)
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }

# axe-core (the accessibility checker the browser tests run on the three pages), from the npm registry,
# pinned; installed under build/ only for the tests, never served by the product.
AXE_VERSION := 4.10.2
AXE         := build/axe/node_modules/axe-core/axe.min.js
.PHONY: axe
axe: $(AXE) ## Install axe-core (pinned) for the accessibility tests (npm, only if missing)
$(AXE):
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y npm; }
	npm install --prefix build/axe --no-audit --no-fund --ignore-scripts --save-exact axe-core@$(AXE_VERSION)
	@test -f $@

validate: $(STAMP) ## Check the curated files and the Rasa training data
	$(PY) -m knowledge.cli validate
	$(RASA) data validate --config config.yml --domain bot/domain --data data --fail-on-warnings

lint: $(STAMP) ## ruff over the Python code
	$(VENV)/bin/ruff check knowledge actions bot tests bench

clean: ## Remove built artefacts (keeps .venv)
	rm -rf build models var .pytest_cache

.PHONY: soak
soak: setup ## 10-minute load test on loopback (16 senders); RSS of both servers; figures in build/soak.json
	$(PY) tests/soak.py --seconds 600 --senders 16 --out build/soak.json

.PHONY: understanding
SETS ?= acc places
understanding: setup ## Put question sets to the assistant (SETS="acc places dev 36 path.yml", TAG=name); outcomes in build/understanding/
	$(PY) -m bench.understanding run --tag $(or $(TAG),latest) $(SETS)

nlu-test: $(MODEL) ## Score the model on both held-out NLU sets, ours and the blind author's (reports in build/)
	@for set in heldout heldout_blind; do \
	  $(RASA) test nlu --nlu tests/nlu/$$set.yml --model $(MODEL) --out build/nlu_results_$$set > build/nlu_test_$$set.log 2>&1 \
	    || { tail -n 20 build/nlu_test_$$set.log; exit 1; }; \
	  $(PY) bench/nlu_report.py build/nlu_results_$$set/intent_report.json $$set; \
	done
