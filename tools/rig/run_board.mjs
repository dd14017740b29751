// Run a guest script under 32-bit MicroPython 1.27 with the board's limits: a fixed
// pystack and, optionally, a capped heap (tools/boardrig.py drives this).
//
//   node tools/rig/run_board.mjs JOB.json
//
// JOB.json:
//   root           host folder copied to "/" (where a board's drive is)
//   paths          folders under it put on sys.path, first searched first
//   pystack_bytes  the pystack (2,048 on a SAMD51 under CircuitPython 10)
//   heap_bytes     optional: the whole MicroPython heap, capped (see below)
//   code           the guest source, run once (or a list of sources: each a top-level
//                  call, with a collection in between)
//   step           optional: guest source run again and again after ``code``, each time
//                  as a new top-level call, until it raises (SystemExit ends cleanly)
//
// The heap cap. This port's heap grows on demand (it adds heap areas with malloc) and it
// collects garbage only between top-level calls: a collection asked for while Python
// code runs frees nothing, because the WebAssembly stack cannot be scanned then. So with
// heap_bytes the first heap area is made that size, and then growth is taken away: the
// WebAssembly memory may not grow and the C allocator's spare room is used up, so no
// further heap area can be added and an allocation that does not fit raises MemoryError.
// Garbage is collected between two ``step`` calls: everything one step allocates must
// fit at once, which asks at least as much of the heap as the board (whose collector
// also runs inside a step).
//
// The guest's stdout goes to stdout. Exit status: 0 clean end (or SystemExit 0),
// 1 an uncaught exception (its traceback on stderr), 2 a problem of this runner.
import fs from "fs";
import path from "path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const capped = Boolean(job.heap_bytes);
let growthAllowed = true;
let guestRunning = false;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (!growthAllowed) throw new RangeError("the board rig caps the heap");
  return grow.call(this, pages);
};
const consoleError = console.error;
console.error = (...args) => {
  // The C allocator reports here that it may not grow (it catches the error of grow()
  // above). Thrown from here, the error unwinds the guest at once: the heap is full.
  if (!growthAllowed && /grow/i.test(String(args[0]))) {
    if (guestRunning) throw new HeapFull();
    return;
  }
  consoleError(...args);
};
class HeapFull extends Error {}

const mp = await loadMicroPython({
  pystack: Math.floor(job.pystack_bytes / 4),  // in 4-byte words
  heapsize: job.heap_bytes || 8 * 1024 * 1024,
  stdout: (t) => process.stdout.write(t + "\n"),
  stderr: (t) => process.stderr.write(t + "\n"),
});

function copyTree(src, dest) {
  if (dest !== "") mp.FS.mkdir(dest);
  for (const name of fs.readdirSync(src).sort()) {
    const s = path.join(src, name);
    const d = dest + "/" + name;
    if (fs.statSync(s).isDirectory()) copyTree(s, d);
    else mp.FS.writeFile(d, fs.readFileSync(s));
  }
}
copyTree(job.root, "");
mp.FS.chdir("/");

if (capped) {
  growthAllowed = false;
  // Use up the C allocator's spare room, but for RESERVE bytes given back: the runtime
  // mallocs each source string it runs from there. A new heap area is larger than that.
  const M = mp._module;
  const RESERVE = 32 * 1024;
  const reserve = M._malloc(RESERVE);
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16]) {
    while (M._malloc(size)) {}
  }
  M._free(reserve);
}

let head = "import sys\nimport gc\n";
for (const p of [...job.paths].reverse()) {
  head += "sys.path.insert(0, " + JSON.stringify("/" + p) + ")\n";
}

function finish(e) {
  if (e === null) process.exit(0);
  if (e instanceof HeapFull) {
    process.stderr.write("MemoryError: the heap of " + job.heap_bytes + " bytes is full " +
                         "(the board rig's cap)\n");
    process.exit(1);
  }
  const text = String(e && e.message ? e.message : e);
  const m = /SystemExit: ?(\d*)/.exec(text);
  if (m && (m[1] === "" || m[1] === "0")) process.exit(0);
  process.stderr.write(text + "\n");
  process.exit(m ? parseInt(m[1]) || 1 : 1);
}

guestRunning = true;
try {
  const parts = typeof job.code === "string" ? [job.code] : job.code;
  mp.runPython(head + parts[0]);
  for (const part of parts.slice(1)) {
    mp.runPython("gc.collect()");
    mp.runPython("print('RIG-LIVE', gc.mem_alloc())");  // the heap in use after each part
    mp.runPython(part);
  }
  if (job.step) {
    for (;;) {
      mp.runPython(job.step);
      mp.runPython("gc.collect()");  // at the top level, where this port can collect
    }
  }
  finish(null);
} catch (e) {
  finish(e);
}
