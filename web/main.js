// The page as a board: loads MicroPython's WebAssembly port, puts the drive's files
// (the same code.py, lib/, fonts/ and sprites/ as the board's CIRCUITPY drive) into its
// file system, and drives the app's loop a step at a time (web/py/webmain.py). A restart
// (a match starting, the board check's measuring and its return, the crash screen's A)
// is a new MicroPython with a fresh heap running the named file, as the board's
// supervisor.reload() is.

import { Screen } from "./screen.js";
import { Buttons } from "./input.js";
import { Speaker } from "./sound.js";
import { Storage, NVM_SIZE } from "./storage.js";
import { Page } from "./page.js";

const STEP_MS = 10;  // the board's loop sleeps 10 ms a pass
const PYSTACK_WORDS = 2048 / 4;  // the board's 2,048-byte pystack
const HEAP_BYTES = 100 * 1024;  // the heap it starts with: the board's budget (it grows)
const LANGUAGES = ["en", "pt", "fr", "es", "nl", "da", "sv", "pl", "fi"];
// The offline cache of this build (tools/drive/build_web.py names it, as in sw.js).
const CACHE = "__CACHE__";

// A file of the site, from the offline cache when it is there, else fetched and put
// there: the service worker then does not fetch it a second time.
async function siteFile(name) {
  let cache = null;
  try { cache = await caches.open(CACHE); } catch (e) { /* no Cache Storage here */ }
  const kept = cache && await cache.match(name);
  if (kept) return kept;
  const response = await fetch(name);
  if (!response.ok) throw new Error(name + ": " + response.status);
  if (cache) {
    try { await cache.put(name, response.clone()); } catch (e) { /* full: fine */ }
  }
  return response;
}

// MicroPython's module keeps its memory to itself: its instance is caught as it is
// made, so that the screen, the nvm and the sound read Python's buffers in place.
let memory = null;
for (const name of ["instantiate", "instantiateStreaming"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = async function (...args) {
    const made = await original.apply(WebAssembly, args);
    memory = (made.instance || made).exports.memory;
    return made;
  };
}

// The port's glue frees the Python object behind a collected JavaScript proxy through the
// newest MicroPython (globalThis.Module): a proxy left by an instance a restart replaced,
// collected later, would free the same-numbered object of the running one (seen by the
// benchmark: a match crashed after the restart into match.py). A clean-up made for an
// older instance does nothing: that instance and its heap are gone.
const NativeRegistry = globalThis.FinalizationRegistry;
if (NativeRegistry) {
  globalThis.FinalizationRegistry = class extends NativeRegistry {
    constructor(cleanup) {
      const owner = globalThis.Module;
      super((held) => { if (globalThis.Module === owner) cleanup(held); });
    }
  };
}

const bytesAt = (addr, n) => new Uint8Array(memory.buffer, addr, n);

class Board {
  constructor(page) {
    this.page = page;
    this.screen = new Screen(page.canvas);
    this.buttons = new Buttons();
    this.speaker = new Speaker();
    this.storage = new Storage();
    this.nvmState = null;
    this.files = null;
    this.mp = null;
    this.running = false;
    this.nextFile = null;
    this.steps = 0;
    this.heapPeak = 0;
    this.started = performance.now();
    this.buttons.onPress = () => this.speaker.unlock();
  }

  // The host functions web/py's modules call, as the Python module ``webhost``.
  host() {
    const page = this.page;
    return {
      ticks: () => Math.floor(performance.now()),
      key: () => this.buttons.next(),
      draw: (addr, count) => this.screen.draw(memory, addr, count),
      brightness: (percent) => this.page.brightness(percent),
      disk_bitmap: (path) => {
        try { return this.screen.addDisk(this.mp.FS.readFile(path)); } catch (e) { return -1; }
      },
      nvm_load: (addr, size) => {
        const { bytes, state } = this.storage.loadNvm();
        bytesAt(addr, size).set(bytes.subarray(0, size));
        if (this.nvmState === null) this.nvmState = state;
        if (state !== "kept" && state !== "blank") page.console("nvm: " + state);
        return ["blank", "kept", "damaged", "blocked"].indexOf(state);
      },
      nvm_save: (addr, size) => {
        if (!this.storage.saveNvm(bytesAt(addr, size).slice())) page.storageFull();
      },
      sound: (addr, n, rate, loop) => {
        if (n === 0) this.speaker.stop();
        else this.speaker.play(bytesAt(addr, n).slice(), rate, loop === 1);
      },
      lights: (addr, n) => this.page.lights(bytesAt(addr, n).slice()),
      reload: (file) => { this.nextFile = file || "code.py"; },
    };
  }

  async loadDrive() {
    const response = await siteFile("drive.pack.gz");
    const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
    const pack = new Uint8Array(await new Response(stream).arrayBuffer());
    this.files = unpack(pack);
    // the port's WebAssembly, fetched once: every restart's new MicroPython is made of
    // these bytes, not fetched again
    const wasm = await (await siteFile("micropython.wasm")).arrayBuffer();
    this.wasmUrl = URL.createObjectURL(new Blob([wasm], { type: "application/wasm" }));
  }

  // A new MicroPython running ``entry`` (code.py, match.py, demo.py, check.py) on the
  // drive.
  async boot(entry, address = {}) {
    this.running = false;
    this.speaker.stop();
    const { loadMicroPython } = await import("./micropython.mjs");
    const page = this.page;
    const mp = await loadMicroPython({
      url: this.wasmUrl,
      pystack: PYSTACK_WORDS,
      heapsize: HEAP_BYTES,
      linebuffer: true,
      stdout: (line) => page.console(line),
      stderr: (line) => page.console(line),
    });
    this.mp = mp;
    this.screen.disk = [];
    for (const [path, bytes] of this.files) writeFile(mp.FS, path, bytes);
    const bot = this.storage.loadBot();
    if (bot !== null && this.page.botWanted) writeFile(mp.FS, "/bot.py", new TextEncoder().encode(bot));
    mp.registerJsModule("webhost", this.host());
    mp.runPython("import sys\nsys.path[:] = ['/web', '', '/lib']");
    this.webmain = mp.pyimport("webmain");
    // looked up once an instance: each lookup makes a proxy for the collector to free
    this.pyStep = this.webmain.step;
    this.pyEndedCode = this.webmain.ended_code;
    let message = "";
    try {
      message = this.webmain.start(entry, address.code || "", address.date || "",
        address.lang || "") || "";
    } catch (e) {
      page.console(String(e));
    }
    // keys pressed while the board restarted belong to no screen: the board's keypad
    // starts empty after a reload too
    this.buttons.queue.length = 0;
    this.running = true;
    return message;
  }

  step() {
    if (!this.running) return;
    let restart = 0;
    try {
      restart = this.pyStep();
    } catch (e) {  // only a fault of the page's own layer gets here: the app has its crash screen
      this.running = false;
      this.page.console(String(e));
      this.page.fault(String(e));
      return;
    }
    this.steps++;
    if (restart) {
      const file = this.nextFile || "code.py";
      this.nextFile = null;
      this.boot(file).then(() => this.page.restarted(file));
    }
  }

  heap() {
    const [live, size] = this.webmain.heap();
    return { live, size };
  }
}

// drive.pack: a u32 count, then for each file a u16 path length, the path (UTF-8), a
// u32 size and the bytes (little-endian): tools/drive/build_web.py writes it.
function unpack(pack) {
  const v = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const decoder = new TextDecoder();
  const files = [];
  let at = 4;
  for (let n = v.getUint32(0, true); n > 0; n--) {
    const len = v.getUint16(at, true);
    const path = decoder.decode(pack.subarray(at + 2, at + 2 + len));
    at += 2 + len;
    const size = v.getUint32(at, true);
    files.push([path, pack.subarray(at + 4, at + 4 + size)]);
    at += 4 + size;
  }
  return files;
}

function writeFile(FS, path, bytes) {
  const parts = path.split("/").filter(Boolean);
  let dir = "";
  for (const part of parts.slice(0, -1)) {
    dir += "/" + part;
    try { FS.mkdir(dir); } catch (e) { /* there already */ }
  }
  FS.writeFile(path, bytes);
}

// The address's part after '#': "challenge=CODE" or "daily=YYYY-MM-DD" (or "daily").
export function readAddress(hash, today) {
  const out = {};
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("challenge")) out.code = params.get("challenge").slice(0, 4096);  // its length is said
  else if (params.has("daily")) out.date = params.get("daily") || today;
  return out;
}

export function browserLanguage(list = navigator.languages || [navigator.language || "en"]) {
  for (const tag of list) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code === "nb" || code === "no") return "da";  // the nearest of the nine
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

function today() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
}

async function main() {
  const page = new Page(document);
  const board = new Board(page);
  globalThis.cucumber = { board, page };  // for the tests and the curious
  board.buttons.listenKeyboard(document, () => page.toggleHelp());
  board.buttons.listenPad(document);
  page.onBot = async (text) => {
    board.storage.saveBot(text);
    page.botWanted = text !== null;
    await board.boot("code.py");  // as a file copied onto the drive restarts the board
  };
  page.botWanted = board.storage.loadBot() !== null;
  try {
    await board.loadDrive();
  } catch (e) {
    page.fault("The game's files did not load: " + e.message);
    return;
  }
  const address = readAddress(location.hash, today());
  address.lang = browserLanguage();
  const message = await board.boot("code.py", address);
  if (message) page.notice(message);
  if (address.code || address.date) history.replaceState(null, "", location.pathname + location.search);
  // a challenge link pasted into this tab changes only the address's '#': start again
  // with it, as opening the link does
  globalThis.addEventListener("hashchange", () => location.reload());
  page.ready();
  const tick = () => {
    board.step();
    if (board.running && board.steps % 25 === 0) page.matchCode(board.pyEndedCode());
    setTimeout(tick, STEP_MS);
  };
  tick();
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => {});  // offline after this visit
  }
}

if (typeof document !== "undefined") main();
