"""The game in a browser (web/, built by tools/drive/build_web.py), measured in this
machine's headless Chromium from a server on 127.0.0.1: JSON lines on stdout (as
tools/measure/bench.py's), progress and a summary on stderr.

    python tools/drive/build_web.py                     # the site first: build/web/
    python tools/measure/bench_web.py                   # everything (about 3 minutes)
    python tools/measure/bench_web.py --only load,bytes --runs 9
    python tools/measure/bench_web.py --only press,heap --rounds 0    # the whole match

Metrics (issue 42's targets), every row with the 1-minute load average beside it:

- ``web_load_to_title_ms`` (load): navigation start (the page's ``performance.now()``
  0) to the title on the canvas: the first ``putImageData`` once ``body.ready`` is set
  (web/main.js boots MicroPython, loads drive.pack.gz, runs code.py's start, sets
  ``ready``; its first step paints the title). Each run a fresh browser context: an
  empty HTTP cache, no service worker, no storage. Median, min and max of ``--runs``;
  also the animation frame after that paint, and when the DOM, the drive's pack and the
  WebAssembly were in (navigation and resource timing). Target: at most 1,500 ms.
- ``web_first_visit_bytes`` (bytes): what the server sent (status lines, headers,
  bodies, counted in its handler) for the first of those visits, to the title and after
  it (the service worker's install), until the worker is ready; the largest files, and
  the bodies to the title gzip'd, as a compressing host would send them. Target: at
  most 1.2 MB.
- ``web_press_to_canvas_ms`` (press): a 7-player challenge, the player in seat 1 against
  six hard AIs (agurk, seed ``SEED``, ``--rounds`` rounds, 0 the whole match), opened by
  its link (``#challenge=CODE``) and A on the offer. The player's turns are played with
  the keys (right 0-2 times, seeded, then A; A on every page between rounds), a key
  only once the app takes keys (the player's turn, no pause, its 150 ms guard passed)
  and the one before it is on the canvas. Latency: the keydown listener's
  ``performance.now()`` (capturing, on the window) to the next ``putImageData``;
  presses after which the canvas did not change within 1 s are counted, not timed.
  95th percentile, median and max, and where the time went: waiting for the page's
  10 ms step timer, then the step (Python, and the page's draw). Target: the 95th
  percentile at most 50 ms.
- ``web_long_task_max_ms`` (press): the longest main-thread task from A on the offer
  to the end page (a PerformanceObserver of ``longtask`` entries, installed before the
  page's scripts), at the restart into match.py or in play; for each, the time of the
  page's steps in it (the AI's turn, thinking ahead, the paint, the rest), of the
  probe after them, of the proxies' finalizers, and the rest (the browser's own
  work); and how long the renderer's main thread waited for a CPU over the match
  (/proc/PID/schedstat: other processes had the cores). Target: none over 50 ms.
- ``web_heap_live_peak_bytes`` / ``web_heap_size_bytes`` (heap, the same match):
  MicroPython's heap in match.py's instance. The WebAssembly port grows its heap
  instead of collecting inside a call (MICROPY_GC_SPLIT_HEAP_AUTO: its gc_collect only
  marks a collection pending, done at the next call from JavaScript), so the page's
  100 KB (``heapsize``) is where the heap starts, not a cap. The live peak is the
  largest ``gc.mem_alloc()`` read just after a collection: the probe's call after each
  step is the next call from JavaScript, and a reading below the one at that step's
  paint shows one ran. The size: ``mem_alloc + mem_free`` less the port's "max new
  split" (``micropython.mem_info()``), at the paint and after the step. Beside the
  board's budget of 102,400 bytes.

Instruments, none of them in web/: init scripts (``putImageData`` wrapped, the keydown
listener, the long-task observer, PROXY_WATCH); after the restart into match.py the
board's ``step`` and the screen's ``draw`` wrapped in JavaScript, and Python in the
match's ``__main__`` (PROBE: the app's state and the heap, read after every step; the
AI's turn, thinking ahead and the paint timed) whose live bytes are reported. Nothing
calls Python before the restart (see PROXY_WATCH).

Only 127.0.0.1 is contacted: the site is served by http.server (chromium.serve's handler,
counting) and every other request is aborted. Every wait has a time limit.
"""

import argparse
import bisect
import gzip
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)

import chromium  # noqa: E402

SITE = os.path.join(ROOT, "build", "web")
NAMES = ("load", "bytes", "press", "heap")
SEED = 7  # the challenge's seed: its deal and the AIs' seeds
ROUNDS = 3  # the challenge's rounds by default (0: the whole match)
LOAD_TARGET_MS = 1500
BYTES_TARGET = 1_200_000
PRESS_TARGET_MS = 50
LONG_TASK_LIMIT_MS = 50
BOARD_HEAP_BUDGET = 100 * 1024
READY = "document.body.classList.contains('ready') && cucumber.board.screen.frames > 0"

# Before any of the page's scripts: the canvas's paints, the keydowns and the long tasks.
INIT_SCRIPT = r"""
(() => {
  const B = globalThis.__bench = {puts: [], frames: [], keys: [], longtasks: [],
                                  steps: [], keep: [], state: "", drawMs: 0};
  const put = CanvasRenderingContext2D.prototype.putImageData;
  CanvasRenderingContext2D.prototype.putImageData = function (...args) {
    const out = put.apply(this, args);
    const at = performance.now();
    B.puts.push([at, document.body.classList.contains("ready") ? 1 : 0]);
    requestAnimationFrame(() => B.frames.push([at, performance.now()]));
    return out;
  };
  addEventListener("keydown", (e) => B.keys.push([performance.now(), e.key]), true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) { B.noLongTasks = String(e); }
})();
"""

# Before the page's scripts: MicroPython's glue frees a Python object when JavaScript's
# collector finalizes its proxy (a FinalizationRegistry). The glue keeps its tables on
# globalThis and frees through globalThis.Module, the newest instance, and web/main.js
# starts a new instance at every restart: a proxy of the title's instance finalized
# after the restart into match.py frees the match's reference of the same number
# (measured: with JavaScript's collector run after the restart, the match crashed within
# 4 s in 2 of 4 runs; with the stale frees dropped, in none of 6). This registry times
# the finalizers' batches and counts the stale frees; with DROP_STALE it drops them.
PROXY_WATCH = r"""
(() => {
  const Native = FinalizationRegistry;
  const F = globalThis.__benchFrees = {stale: 0, batches: []};
  let batch = null;
  globalThis.FinalizationRegistry = class extends Native {
    constructor(callback) {
      const owner = globalThis.Module;
      super((held) => {
        const t = performance.now();
        if (batch === null || t - batch[2] > 1) {
          batch = [t, 0, t];
          F.batches.push(batch);
        }
        batch[1]++;
        if (globalThis.Module !== owner) {
          F.stale++;
          if (DROP_STALE) return;
        }
        callback(held);
        batch[2] = performance.now();
      });
    }
  };
})();
"""

# Python in the match's instance: the app's state and the heap after each step, and the
# time of the AI's turn, the thinking ahead and the paint inside it (benchclock: the
# page's clock in microseconds, modulo 1e9 to stay a small int).
PROBE = r"""
import gc
import benchclock
import board as _bench_board
from cucumber import app as _bench_app
from cucumber import turns as _bench_turns
from cucumber.board import ticks_diff as _bench_diff
_bench = [0, 0, 0, 0, 0]  # ai_turn us, think_ahead us, paint us; alloc, free at the paint


def _bench_timed(i, f):
    def timed(*args):
        painted = _bench[2]
        t = benchclock.us()
        try:
            return f(*args)
        finally:  # without a paint inside it (app.refresh): that counts as the paint's
            _bench[i] += (benchclock.us() - t) % 1000000000 - (_bench[2] - painted)
    return timed


def _bench_painted(f):
    def paint():
        t = benchclock.us()
        out = f()
        _bench[2] += (benchclock.us() - t) % 1000000000
        _bench[3] = gc.mem_alloc()
        _bench[4] = gc.mem_free()
        return out
    return paint


_bench_turns.ai_turn = _bench_timed(0, _bench_turns.ai_turn)
_bench_turns.think_ahead = _bench_timed(1, _bench_turns.think_ahead)
_bench_board.DISPLAY.paint = _bench_painted(_bench_board.DISPLAY.paint)


def _bench_probe():
    a = _bench_app.running
    what = "none"
    ready = 0
    nlegal = 0
    shown = 0
    flags = "-"
    if getattr(a, "screen", None) is not None:  # the App (the crash screen is not)
        s = a.screen
        what = s.name
        shown = a.screens_shown
        ready = _bench_diff(a.now, a.guard) >= 0
        flags = ("a" if a.ai_ready is not None else "") + ("w" if a.wait is not None else "")
        if s is a.table:
            m = a.match
            ready = (ready and not s.reviewing and a.wait is None and a.ai_ready is None
                     and m.phase == 0 and s.interactive and m.current_player() == a.holder)
            nlegal = s.nlegal
    out = "%s %d %d %d %d %d %d %d %d %d %d %s" % (
        what, ready, nlegal, gc.mem_alloc(), gc.mem_free(), _bench[3], _bench[4], shown,
        _bench[0], _bench[1], _bench[2], flags or "-")
    _bench[0] = _bench[1] = _bench[2] = 0
    return out
"""
# The probe's fields, in order.
FIELDS = ("screen", "ready", "nlegal", "alloc", "free", "paint_alloc", "paint_free", "shown",
          "ai_us", "think_us", "paint_us", "flags")

# After the restart: the board's step and the screen's draw wrapped (the page's objects,
# not its files); the probe read after every step. Each step is one row of numbers in
# typed arrays (COLUMNS), so that the records add nothing for JavaScript's collector.
COLUMNS = ("start", "ms", "draw", "probe") + FIELDS
INSTRUMENT = r"""
(columns) => {
  const B = globalThis.__bench, board = cucumber.board, mp = board.mp;
  const probe = mp.globals.get("_bench_probe");
  B.keep.push(probe, mp);
  B.n = 0;
  B.names = [];
  B.cols = columns.map(() => new Float64Array(8192));
  const row = new Float64Array(columns.length);
  const record = () => {
    if (B.n === B.cols[0].length) {
      B.cols = B.cols.map((c) => { const d = new Float64Array(2 * c.length); d.set(c); return d; });
    }
    for (let i = 0; i < row.length; i++) B.cols[i][B.n] = row[i];
    B.n++;
  };
  const draw = board.screen.draw;
  board.screen.draw = function (...args) {
    const t = performance.now();
    draw.apply(this, args);
    B.drawMs += performance.now() - t;
  };
  const step = board.step;
  board.step = function () {
    const t0 = performance.now();
    B.drawMs = 0;
    step.call(this);
    const t1 = performance.now();
    let s = "other";
    try {
      if (this.mp === mp && this.running) s = probe();
    } catch (e) { s = "probe-error"; B.probeError = String(e); }
    B.state = s;
    const f = s.split(" ");
    row.fill(0);
    row[0] = t0; row[1] = t1 - t0; row[2] = B.drawMs; row[3] = performance.now() - t1;
    let name = B.names.indexOf(f[0]);
    if (name < 0) name = B.names.push(f[0]) - 1;
    row[4] = name;
    if (f.length === columns.length - 4) {
      for (let i = 1; i < f.length - 1; i++) row[4 + i] = Number(f[i]);
      row[row.length - 1] = (f[f.length - 1].includes("a") ? 1 : 0) +
                            (f[f.length - 1].includes("w") ? 2 : 0);
    }
    record();
  };
}
"""
STEPS = """() => ({n: __bench.n, names: __bench.names,
                cols: __bench.cols.map((c) => Array.from(c.subarray(0, __bench.n)))})"""


def load_average():
    """The 1-minute load average (None where /proc/loadavg is missing)."""
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def renderers():
    """PIDs of Chromium's renderer processes started from this process (descendants)."""
    me = os.getpid()
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % name, "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            pid = int(name)
            for _ in range(8):  # renderer, zygote, browser, Playwright's driver, this
                with open("/proc/%d/stat" % pid) as f:
                    pid = int(f.read().rsplit(")", 1)[1].split()[1])
                if pid == me:
                    out.append(int(name))
                    break
                if pid <= 1:
                    break
        except (OSError, ValueError, IndexError):
            continue
    return out


def cpu_waits(pids=None):
    """{pid: (ns on a CPU, ns waiting for one)} of the renderers' main threads (or of
    ``pids``), from /proc/PID/schedstat: how long a thread was ready to run and did not."""
    out = {}
    for pid in renderers() if pids is None else pids:
        try:
            with open("/proc/%d/schedstat" % pid) as f:
                run, wait = f.read().split()[:2]
            out[pid] = (int(run), int(wait))
        except (OSError, ValueError):
            continue
    return out


def emit(metric, value, units, method, machine, **extra):
    row = {"metric": metric, "value": value, "units": units, "machine": machine,
           "method": method, "load_average": load_average()}
    row.update(extra)
    print(json.dumps(row), flush=True)
    return row


def machine_info(path):
    """CPU model, cores and Chromium's version, one line."""
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        version = subprocess.run([path, "--version"], capture_output=True, text=True,
                                 timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        version = "Chromium (version unknown)"
    return "%s, %d cores; %s, headless (Playwright); server 127.0.0.1" % (
        cpu, os.cpu_count() or 0, version)


def percentile(values, q):
    """The ``q``-th percentile (0-100) by linear interpolation between closest ranks."""
    v = sorted(values)
    if not v:
        return None
    at = (len(v) - 1) * q / 100.0
    lo = int(at)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (at - lo)


def r1(x):
    return None if x is None else round(x, 1)


class _Counting(chromium.Quiet):
    """tools/drive/chromium.py's handler, counting what it sends: [path, header bytes,
    body bytes, status, time.monotonic()] a response, in ``sent``."""

    sent = []

    def flush_headers(self):
        if getattr(self, "_headers_buffer", None):
            self._row = [self.path, sum(len(b) for b in self._headers_buffer), 0,
                         int(self._headers_buffer[0].split()[1]), time.monotonic()]
            self.sent.append(self._row)
        super().flush_headers()

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self._row[2] += len(data)


def serve(folder):
    """chromium.serve with a handler that counts the bytes it sends (``_Counting.sent``)."""
    return chromium.serve(folder, _Counting)


def local_only(context, url):
    """Abort every request that is not to the local server."""
    context.route(re.compile(r"^(?!%s)" % re.escape(url)), lambda route: route.abort())


# ----- first load and bytes ----------------------------------------------------------------

def load_once(browser, url):
    """One first visit in a fresh context: its timings (ms, from navigation start) and
    what the server sent for it (_Counting.sent's rows), and when the title was up."""
    context = browser.new_context()
    local_only(context, url)
    context.add_init_script(INIT_SCRIPT)
    first = len(_Counting.sent)
    try:
        page = context.new_page()
        page.goto(url, timeout=30_000)
        page.wait_for_function(READY, timeout=30_000, polling=5)
        title_up = time.monotonic()
        page.wait_for_function("__bench.frames.some((f) => f[0] >= "
                               "__bench.puts.find((p) => p[1])[0])", timeout=10_000)
        timing = page.evaluate("""() => {
            const B = __bench, title = B.puts.find((p) => p[1])[0];
            const arrived = (end) => {
              const e = performance.getEntriesByType("resource")
                .find((r) => r.name.endsWith(end));
              return e ? e.responseEnd : null;
            };
            const nav = performance.getEntriesByType("navigation")[0];
            return {title: title, frame: B.frames.find((f) => f[0] >= title)[1],
                    wasm: arrived("micropython.wasm"), pack: arrived("drive.pack.gz"),
                    dom: nav ? nav.domContentLoadedEventEnd : null};
        }""")
        # the service worker installs after the title: its fetches belong to the visit
        page.evaluate("""() => Promise.race([
            navigator.serviceWorker ? navigator.serviceWorker.ready : null,
            new Promise((ok) => setTimeout(ok, 10000))])""")
        page.wait_for_timeout(500)
    finally:
        context.close()
    timing["title_up"] = title_up
    return timing, _Counting.sent[first:]


def report_load(results, machine):
    def median(key):
        values = [t[key] for t, _ in results if t[key] is not None]
        return r1(statistics.median(values)) if values else None

    titles = [t["title"] for t, _ in results]
    return emit(
        "web_load_to_title_ms", r1(statistics.median(titles)), "ms",
        "median of %d first visits: navigation start (performance.now() 0) to the title's "
        "putImageData (the first paint once body.ready is set); each a fresh browser "
        "context (no cache, no service worker, no storage), the site served by Python's "
        "http.server on 127.0.0.1" % len(titles), machine,
        min=r1(min(titles)), max=r1(max(titles)), runs=len(titles),
        all=[r1(x) for x in titles], to_next_animation_frame_median=median("frame"),
        dom_content_loaded_median=median("dom"), drive_pack_arrived_median=median("pack"),
        wasm_arrived_median=median("wasm"),
        target="<= %d" % LOAD_TARGET_MS, met=max(titles) <= LOAD_TARGET_MS)


def gzipped_size(site, path):
    """Bytes of the site's file at ``path`` gzip'd (level 6), as a compressing host sends it."""
    name = os.path.join(site, path.split("?")[0].lstrip("/") or "index.html")
    try:
        with open(name, "rb") as f:
            return len(gzip.compress(f.read(), 6))
    except OSError:
        return 0


def report_bytes(results, machine, site):
    timing, sent = results[0]
    total = sum(r[1] + r[2] for r in sent)
    page = sum(r[1] + r[2] for r in sent if r[4] <= timing["title_up"])
    files = {}
    for row in sent:
        f = files.setdefault(row[0].split("?")[0], [0, 0])
        f[0] += 1
        f[1] += row[1] + row[2]
    biggest = sorted(files.items(), key=lambda kv: -kv[1][1])[:6]
    return emit(
        "web_first_visit_bytes", total, "bytes",
        "what the server sent (status lines, headers and bodies, counted in its handler) "
        "for a first visit in a fresh context: the page's requests and its service "
        "worker's install, until the worker is ready; no compression (http.server)", machine,
        to_the_title_bytes=page, after_the_title_bytes=total - page,
        after_the_title_note="the service worker's script and what its install fetches",
        responses=len(sent),
        statuses=sorted({r[3] for r in sent}),
        biggest=[[name, size, times] for name, (times, size) in biggest],
        biggest_note="[file, bytes sent, responses]",
        totals_over_runs=sorted({sum(r[1] + r[2] for r in s) for _, s in results}),
        to_the_title_gzipped=sum(gzipped_size(site, r[0]) for r in sent
                                 if r[4] <= timing["title_up"]),
        gzipped_note="the bodies fetched to the title gzip'd at level 6 here (not sent): what "
        "a host that compresses would send",
        target="<= %d" % BYTES_TARGET, met=total <= BYTES_TARGET)


# ----- a 7-player match ----------------------------------------------------------------------

def challenge_code(rounds):
    from engine import challenge
    from engine.rules import Rules
    kinds = (challenge.HUMAN,) + (challenge.HARD,) * 6
    ch = challenge.Challenge(Rules("agurk", players=7), kinds, SEED, rounds)
    return challenge.encode(ch)


def play_match(browser, url, rounds, minutes, drop_stale, say):
    """Open the challenge, play it with the keys to its end page (or the time limit), and
    return what the page recorded."""
    code = challenge_code(rounds)
    context = browser.new_context()
    local_only(context, url)
    context.add_init_script(PROXY_WATCH.replace("DROP_STALE", "true" if drop_stale else "false"))
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    console = []
    page.on("console", lambda m: console.append(m.text))
    rnd = random.Random(SEED)
    ended = "time limit (%g min)" % minutes
    pressed = []  # [key, the screen it was pressed on], in order
    sampler = None
    try:
        page.goto(url + "#challenge=" + code, timeout=30_000)
        page.wait_for_function(READY, timeout=30_000, polling=5)
        page.wait_for_timeout(400)  # the offer takes keys 150 ms after it is shown
        page.evaluate("globalThis.__benchTitleMp = cucumber.board.mp")  # no Python: JS only
        offer_a = page.evaluate("performance.now()")
        page.keyboard.press("z")
        page.wait_for_function("cucumber.board.mp !== __benchTitleMp && cucumber.board.running",
                               timeout=30_000, polling=5)
        probe_bytes = install_probe(page)
        info = mem_info(page)
        page.evaluate(INSTRUMENT, list(COLUMNS))
        waits_before = cpu_waits()
        sampler = CpuWaitSampler()
        sampler.start()
        sampler.align(page)
        began = time.monotonic()
        last_paints, last_change = 0, began
        while time.monotonic() - began < 60 * minutes:
            state, paints = page.evaluate("[__bench.state, __bench.puts.length]")
            state = state.split()
            if paints != last_paints:
                last_paints, last_change = paints, time.monotonic()
            elif time.monotonic() - last_change > 60:
                ended = "stalled: no paint for 60 s"
                break
            if any("Error" in line for line in console):
                ended = "the page reported an error"
                break
            if len(state) != len(FIELDS) or state[1] != "1":
                page.wait_for_timeout(15)
                continue
            what, nlegal = state[0], int(state[2])
            if what == "end":
                ended = "end page"
                break
            if what == "table":
                keys = ["ArrowRight"] * (rnd.randrange(3) if nlegal > 1 else 0) + ["z"]
            else:  # a page between rounds, a re-entry offer: A
                keys = ["z"]
            for key in keys:
                pressed.append([key, what])
                press_and_wait(page, key)
            if len(pressed) % 25 < len(keys):
                say("  %d presses, %.0f s" % (len(pressed), time.monotonic() - began))
        end_at = page.evaluate("performance.now()")
        waits_after = cpu_waits()
        wall = time.monotonic() - began
        data = page.evaluate("""() => ({puts: __bench.puts, keys: __bench.keys,
            longtasks: __bench.longtasks, frames: __bench.frames,
            noLongTasks: __bench.noLongTasks || null, frees: __benchFrees,
            probeError: __bench.probeError || null})""")
        data["steps"] = page.evaluate(STEPS)
    finally:
        if sampler is not None:
            sampler.stopping.set()
        context.close()
    data.update(code=code, offer_a=offer_a, pressed=pressed, sampler=sampler, end_at=end_at,
                ended=ended, mem_info=info, probe_bytes=probe_bytes, drop_stale=drop_stale,
                renderer_cpu=renderer_cpu(waits_before, waits_after, wall),
                errors=[x for x in console if "Error" in x][:3])
    return data


class CpuWaitSampler(threading.Thread):
    """Every 5 ms, the renderers' main threads' total wait for a CPU (ns), with
    time.monotonic(): ``waited(t0, t1)`` in the page's milliseconds once ``align``."""

    def __init__(self):
        super().__init__(daemon=True)
        self.pids = renderers()
        self.samples = []
        self.offset_ms = None
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            waits = cpu_waits(self.pids)
            self.samples.append((time.monotonic(), sum(w for _, w in waits.values())))
            self.stopping.wait(0.005)

    def align(self, page):
        """The page's performance.now() against time.monotonic()."""
        before = time.monotonic()
        now = page.evaluate("performance.now()")
        self.offset_ms = (before + time.monotonic()) * 500 - now

    def waited(self, t0, t1):
        """Milliseconds the page's thread waited for a CPU between page times t0 and t1
        (the samples around them: to about 5 ms)."""
        if self.offset_ms is None or len(self.samples) < 2:
            return None
        times = [x[0] for x in self.samples]

        def at(t):
            i = bisect.bisect_left(times, (t + self.offset_ms) / 1000)
            return self.samples[min(i, len(self.samples) - 1)][1]

        return (at(t1) - at(t0 - 5)) / 1e6


def renderer_cpu(before, after, wall):
    """The busiest renderer's main thread over the match: seconds on a CPU and seconds
    ready but waiting for one (other processes had the cores), beside the wall time."""
    spent = {pid: (after[pid][0] - before[pid][0], after[pid][1] - before[pid][1])
             for pid in after if pid in before}
    if not spent:
        return None
    run, wait = max(spent.values())
    return {"wall_s": round(wall, 1), "on_cpu_s": round(run / 1e9, 1),
            "waiting_for_a_cpu_s": round(wait / 1e9, 1)}


def press_and_wait(page, key):
    """Press ``key``; wait until the canvas changed (or 1 s passed) and the app's next
    step has run."""
    before = page.evaluate("[__bench.puts.length, __bench.steps.length]")
    page.keyboard.press(key)
    try:
        page.wait_for_function(
            "(n) => __bench.puts.length > n[0] && __bench.steps.length > n[1] + 1",
            arg=before, timeout=1000, polling=5)
    except Exception:  # Playwright's TimeoutError: the canvas did not change
        pass


def mem_info(page):
    """micropython.mem_info()'s GC line in the match's instance, as numbers."""
    said = page.evaluate("""() => { const p = cucumber.page, said = [], console = p.console;
        p.console = (line) => said.push(line);
        try { cucumber.board.mp.runPython("import micropython\\nmicropython.mem_info()"); }
        finally { p.console = console; }
        return said.join(" "); }""")
    m = re.search(r"total: (\d+), used: (\d+), free: (\d+), max new split: (\d+)", said)
    if not m:
        return {}
    total, used, free, split = (int(x) for x in m.groups())
    return {"total": total, "used": used, "free": free, "max_new_split": split}


def install_probe(page):
    """The probe in the match's instance; its live bytes (a collection before and after:
    one collection more at the match's start than the page makes)."""
    return page.evaluate("""(src) => { const mp = cucumber.board.mp;
        mp.registerJsModule("benchclock",
                            {us: () => Math.round(performance.now() * 1000) % 1e9});
        const gc = mp.pyimport("gc");
        __bench.keep.push(gc);
        gc.collect();
        const before = gc.mem_alloc();
        mp.runPython(src);
        gc.collect();
        return gc.mem_alloc() - before; }""", PROBE)


# ----- the match's figures -------------------------------------------------------------------

def first_after(times, t):
    """The first of the sorted ``times`` after ``t`` (None if none)."""
    i = bisect.bisect_right(times, t)
    return times[i] if i < len(times) else None


def step_rows(data):
    """The page's steps after the restart, each a dict of COLUMNS (the screen's name, the
    flags as a string: "a" the AI's turn is due, "w" a pause runs)."""
    steps = data["steps"]
    rows = []
    for i in range(steps["n"]):
        row = {c: steps["cols"][k][i] for k, c in enumerate(COLUMNS)}
        row["screen"] = steps["names"][int(row["screen"])]
        flags = int(row["flags"])
        row["flags"] = ("a" if flags & 1 else "") + ("w" if flags & 2 else "")
        rows.append(row)
    return rows


def split_task(start, duration, steps, batches):
    """Where a long task's time went: the page's steps in it (the AI's turn, thinking
    ahead, the paint and of it the page's draw, the rest of Python's step), the probe
    after them (with a collection pending, the collection), the proxies' finalizers, and
    what is left (the browser's own work: its collector, layout, the test driver)."""
    end = start + duration
    inside = [s for s in steps if start - 0.5 <= s["start"] <= end]
    frees = [b for b in batches if start - 0.5 <= b[0] <= end]
    ai = sum(s["ai_us"] for s in inside) / 1000
    think = sum(s["think_us"] for s in inside) / 1000
    paint = sum(s["paint_us"] for s in inside) / 1000
    draw = sum(s["draw"] for s in inside)
    step = sum(s["ms"] for s in inside)
    probe = sum(s["probe"] for s in inside)
    freed = sum(b[2] - b[0] for b in frees)
    screens = sorted({s["screen"] for s in inside})
    return {"steps": len(inside), "ai_turn_ms": r1(ai), "think_ahead_ms": r1(think),
            "paint_ms": r1(paint), "of_it_draw_ms": r1(draw),
            "rest_of_step_ms": r1(step - ai - think - paint), "probe_ms": r1(probe),
            "finalizers_ms": r1(freed), "outside_ms": r1(duration - step - probe - freed),
            "screens": screens}


def analyse(data):
    """Press latencies, long tasks and heap from what the page recorded."""
    puts = [p[0] for p in data["puts"]]
    steps = step_rows(data)
    starts = [s["start"] for s in steps]
    shown = {f[0]: f[1] for f in data["frames"]}
    match_keys = [k for k in data["keys"] if k[0] >= data["offer_a"]]
    offer_press = match_keys[0][0] if match_keys else None
    presses = []
    unchanged = 0
    for (at, key), (_, screen) in zip(match_keys[1:], data["pressed"]):
        put = first_after(puts, at)
        if put is None or put - at > 1000:
            unchanged += 1
            continue
        i = bisect.bisect_right(starts, at)
        step = steps[i] if i < len(steps) and starts[i] < put else None
        presses.append({"key": key, "screen": screen, "at": at, "ms": put - at,
                        "wait": step["start"] - at if step else None,
                        "step": step["ms"] if step else None,
                        "python": (step["ms"] - step["draw"]) if step else None,
                        "draw": step["draw"] if step else None,
                        "frame": shown[put] - at if put in shown else None})
    first_table = next((s["start"] + s["ms"] for s in steps if s["screen"] == "table"), None)
    start_press = (first_after(puts, first_table - 0.01) - offer_press
                   if first_table is not None and offer_press is not None else None)
    tasks = []
    batches = data["frees"]["batches"] if data.get("frees") else []
    for start, duration in data["longtasks"]:
        end = start + duration
        if end < data["offer_a"] or start > data["end_at"]:
            continue
        split = split_task(start, duration, steps, batches)
        sampler = data.get("sampler")
        split["waiting_for_a_cpu_ms"] = r1(sampler.waited(start, start + duration)
                                           if sampler else None)
        in_play = bool(steps) and start >= steps[0]["start"] - 0.5
        tasks.append(dict({"at_ms": r1(start - data["offer_a"]), "ms": r1(duration),
                           "when": "in play" if in_play else "restart into match.py"},
                          **split))
    return presses, unchanged, tasks, heap_figures(steps, data["mem_info"]), start_press


def heap_figures(steps, info):
    """The heap's live peak (read just after a collection), its largest readings before
    collections, and its size (areas) at the largest."""
    split = info.get("max_new_split", 0)
    after = [s["alloc"] for s in steps if s["paint_alloc"] and s["alloc"] < s["paint_alloc"]]
    return {"live_peak": max(after, default=0), "collections_seen": len(after),
            "alloc_peak": max((max(s["alloc"], s["paint_alloc"]) for s in steps), default=0),
            "size_peak": max((max(s["alloc"] + s["free"], s["paint_alloc"] + s["paint_free"])
                              - split for s in steps), default=0),
            "steps": len(steps)}


def report_match(data, analysed, want, machine, rounds):
    presses, unchanged, tasks, heap, start_press = analysed
    what = ("a 7-player agurk challenge %s (seat 1 played with the keys, six hard AIs, "
            "seed %d, %s), ended at: %s" % (data["code"], SEED,
                                            "the whole match" if not rounds else
                                            "the first round" if rounds == 1 else
                                            "the first %d rounds" % rounds, data["ended"]))
    frees = data.get("frees") or {}
    rows = []
    if "press" in want:
        ms = [p["ms"] for p in presses]
        p95 = percentile(ms, 95)
        slowest = sorted(presses, key=lambda p: -p["ms"])[:3]
        rows.append(emit(
            "web_press_to_canvas_ms", r1(p95), "ms",
            "95th percentile, keydown (capturing listener, performance.now()) to the next "
            "putImageData, presses that changed the canvas; " + what, machine,
            median=r1(percentile(ms, 50)), max=r1(max(ms, default=None)),
            presses_timed=len(ms), presses_unchanged=unchanged,
            wait_for_step_median=r1(percentile([p["wait"] for p in presses if p["wait"]], 50)),
            step_median=r1(percentile([p["step"] for p in presses if p["step"]], 50)),
            step_p95=r1(percentile([p["step"] for p in presses if p["step"]], 95)),
            draw_median=r1(percentile([p["draw"] for p in presses if p["draw"]], 50)),
            to_next_animation_frame_p95=r1(percentile(
                [p["frame"] for p in presses if p["frame"] is not None], 95)),
            slowest=[{k: r1(v) if isinstance(v, float) else v for k, v in p.items()
                      if k != "at"} for p in slowest],
            offer_a_to_first_table_ms=r1(start_press),
            errors=data["errors"], target="p95 <= %d" % PRESS_TARGET_MS,
            met=p95 is not None and p95 <= PRESS_TARGET_MS and data["ended"] == "end page"))
        in_play = [t for t in tasks if t["when"] == "in play"]
        restart = [t for t in tasks if t["when"] != "in play"]
        step_ms = [s["ms"] for s in step_rows(data)]
        rows.append(emit(
            "web_long_task_max_ms", max((t["ms"] for t in tasks), default=0), "ms",
            "the longest main-thread task (PerformanceObserver 'longtask': tasks over 50 ms) "
            "from A on the offer to the end; " + what, machine,
            long_tasks_in_play=len(in_play), long_tasks_at_restart=len(restart),
            in_play_max=max((t["ms"] for t in in_play), default=0),
            restart_max=max((t["ms"] for t in restart), default=0),
            tasks=tasks[:15], steps=len(step_ms),
            step_ms_median=r1(percentile(step_ms, 50)), step_ms_p99=r1(percentile(step_ms, 99)),
            step_ms_max=r1(max(step_ms, default=None)),
            probe_ms_max=r1(max(data["steps"]["cols"][3], default=0)),
            proxy_finalizer_batches=len(frees.get("batches", [])),
            proxy_finalizer_batch_max_ms=r1(max((b[2] - b[0] for b in frees.get("batches", [])),
                                                default=0)),
            stale_proxy_frees=frees.get("stale"),
            stale_proxy_frees_dropped=data["drop_stale"],
            renderer_main_thread=data["renderer_cpu"],
            observer_error=data["noLongTasks"], target="none > %d" % LONG_TASK_LIMIT_MS,
            met=not tasks and data["noLongTasks"] is None and data["ended"] == "end page"))
    if "heap" in want:
        rows.append(emit(
            "web_heap_live_peak_bytes", heap["live_peak"], "bytes",
            "the largest gc.mem_alloc() read just after one of the page's collections (the "
            "port collects at the next call from JavaScript: the probe's, after each step; a "
            "collection is seen as the reading below the one at the step's paint), in "
            "match.py's instance; " + what, machine, board_budget=BOARD_HEAP_BUDGET,
            collections_seen=heap["collections_seen"], steps=heap["steps"],
            largest_reading_before_a_collection=heap["alloc_peak"],
            probe_bytes=data["probe_bytes"],
            probe_note="the live peak includes the bench's probe (probe_bytes)",
            at_match_start=data["mem_info"]))
        rows.append(emit(
            "web_heap_size_bytes", heap["size_peak"], "bytes",
            "the heap's areas at their largest: gc.mem_alloc() + gc.mem_free() less the port's "
            "max new split (micropython.mem_info()), read at every paint and after every "
            "step; the page asks for 100 KB (heapsize) and the port adds areas instead of "
            "collecting inside a call; " + what, machine, board_budget=BOARD_HEAP_BUDGET))
    return rows


def summary(rows):
    """A line a figure, for a person (stderr)."""
    lines = []
    for row in rows:
        extra = ""
        if row["metric"] == "web_load_to_title_ms":
            extra = " (min %s, max %s, %d runs)" % (row["min"], row["max"], row["runs"])
        elif row["metric"] == "web_press_to_canvas_ms":
            extra = " p95 (median %s, max %s, %d presses)" % (
                row["median"], row["max"], row["presses_timed"])
        elif row["metric"] == "web_long_task_max_ms":
            extra = " (%d long tasks in play, %d at the restart)" % (
                row["long_tasks_in_play"], row["long_tasks_at_restart"])
        elif "board_budget" in row:
            extra = " (the board's budget %d)" % row["board_budget"]
        met = ""
        if "met" in row:
            met = "; target %s: %s" % (row["target"], "met" if row["met"] else "NOT met")
        lines.append("%-26s %s %s%s%s" % (row["metric"], row["value"], row["units"], extra, met))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--only", default="", help="comma-separated: " + ", ".join(NAMES))
    ap.add_argument("--runs", type=int, default=5, help="first visits timed (default 5)")
    ap.add_argument("--rounds", type=int, default=ROUNDS,
                    help="rounds of the 7-player challenge (0: the whole match; default %d)"
                    % ROUNDS)
    ap.add_argument("--minutes", type=float, default=30,
                    help="time limit of the match (default 30)")
    ap.add_argument("--site", default=SITE, help="the built site (default build/web)")
    ap.add_argument("--raw", metavar="FILE", help="also write the match's records (JSON)")
    ap.add_argument("--page-as-is", action="store_true",
                    help="keep the stale proxy frees (see PROXY_WATCH): the page as it is")
    args = ap.parse_args(argv)
    if args.raw and os.path.lexists(args.raw):  # a new file only: never one of yours
        ap.error("--raw %s: there is a file there already; name a new one" % args.raw)
    want = [x.strip() for x in args.only.split(",") if x.strip()] or list(NAMES)
    unknown = [x for x in want if x not in NAMES]
    if unknown:
        ap.error("unknown name(s): %s (of %s)" % (", ".join(unknown), ", ".join(NAMES)))

    def say(line):
        print(line, file=sys.stderr, flush=True)

    if not os.path.exists(os.path.join(args.site, "index.html")):
        say("bench_web: no site in %s: build it first (make web)" % args.site)
        return 2

    try:
        path = chromium.ensure(say=say)
    except chromium.Missing as e:
        say(str(e))
        return 2
    machine = machine_info(path)
    busy = load_average()
    if busy is not None and busy > 0.5 * (os.cpu_count() or 1):
        say("note: the 1-minute load average is %.1f on %d cores: other work competes with "
            "the browser, and its times come out longer" % (busy, os.cpu_count() or 0))
    rows = []
    with serve(args.site) as url, chromium.browser(path) as browser:
        if "load" in want or "bytes" in want:
            say("first visits: %d runs" % args.runs)
            results = [load_once(browser, url) for _ in range(max(1, args.runs))]
            if "load" in want:
                rows.append(report_load(results, machine))
            if "bytes" in want:
                rows.append(report_bytes(results, machine, args.site))
        if "press" in want or "heap" in want:
            say("a 7-player match with hard AIs, %s" % (
                "the whole match" if not args.rounds else "%d rounds" % args.rounds))
            data = play_match(browser, url, args.rounds, args.minutes, not args.page_as_is,
                              say)
            if args.raw:
                with open(args.raw, "w") as f:
                    json.dump(dict(data, sampler=[data["sampler"].offset_ms,
                                                  data["sampler"].samples]), f)
            rows += report_match(data, analyse(data), want, machine, args.rounds)
    say("\n".join(["", machine] + summary(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
