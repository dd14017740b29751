// Run a guest script under 32-bit MicroPython 1.27 with the board's pystack (tools/
// boardrig.py drives this; the heap is measured with micropython32 instead, see there).
//
//   node tools/rig/run_board.mjs JOB.json
//
// JOB.json:
//   root           host folder copied to "/" (where a board's drive is)
//   paths          folders under it put on sys.path, first searched first
//   pystack_bytes  the pystack (2,048 on a SAMD51 under CircuitPython 10)
//   code           the guest source, run once
//   step           optional: guest source run again and again after ``code``, each time
//                  as a new top-level call, until it raises (SystemExit ends cleanly)
//
// This port's heap grows on demand and is collected only between top-level calls, so
// it is given room and not measured.
//
// The guest's stdout goes to stdout. Exit status: 0 clean end (or SystemExit 0),
// 1 an uncaught exception (its traceback on stderr), 2 a problem of this runner.
import fs from "fs";
import path from "path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));

const mp = await loadMicroPython({
  pystack: Math.floor(job.pystack_bytes / 4),  // in 4-byte words
  heapsize: 8 * 1024 * 1024,
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

let head = "import sys\nimport gc\n";
for (const p of [...job.paths].reverse()) {
  head += "sys.path.insert(0, " + JSON.stringify("/" + p) + ")\n";
}

function finish(e) {
  if (e === null) process.exit(0);
  const text = String(e && e.message ? e.message : e);
  const m = /SystemExit: ?(\d*)/.exec(text);
  if (m && (m[1] === "" || m[1] === "0")) process.exit(0);
  process.stderr.write(text + "\n");
  process.exit(m ? parseInt(m[1]) || 1 : 1);
}

try {
  mp.runPython(head + job.code);
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
