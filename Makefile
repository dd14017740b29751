# Two commands do all the set-up on a fresh machine:
#   make play   -- the game (a window where there is a display, else the terminal game)
#   make test   -- the whole test suite (host tests, MicroPython run, mpy-cross, ruff)
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test terminal bench arena build screenshots clean

RIG := tools/rig/node_modules/.installed

$(STAMP): requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The board rig's MicroPython with the board's pystack (npm registry, pinned by the lock)
$(RIG): tools/rig/package.json tools/rig/package-lock.json
	npm ci --prefix tools/rig --no-audit --no-fund --loglevel=error
	touch $(RIG)

play: $(STAMP)
	$(BIN)/python tools/play.py

terminal: $(STAMP)
	$(BIN)/python tools/terminal_game.py

test: $(STAMP) $(RIG)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q host_tests

bench: $(STAMP) $(RIG)
	$(BIN)/python tools/bench.py

arena: $(STAMP)
	$(BIN)/python tools/arena.py

build: $(STAMP)
	$(BIN)/python tools/build.py

screenshots: $(STAMP)
	$(BIN)/python tools/screenshots.py --out build/screenshots

clean:
	rm -rf build $(VENV)
