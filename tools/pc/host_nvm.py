"""Host only: a stand-in for ``microcontroller.nvm`` kept in a file.

``FileNVM(path, size=8192)`` behaves like the board's nvm bytearray: ``len``, integer and
slice reads (slices return ``bytearray``) and writes (a slice write must keep the length,
as on the board). Every write rewrites the file atomically (a temporary file of its own,
then a rename), so the simulator's saves survive being killed. A new file starts erased
(0xFF bytes).

The file is an envelope of :mod:`ownfiles` (kind ``sim-nvm``: a signature, the nvm's
bytes, a CRC32), so the simulator writes only over a file that says it wrote it. Opening
a path that holds anything else raises ``ownfiles.NotOurs`` (or ``ownfiles.Unreadable``)
and leaves it as it was. A raw image of an earlier version (exactly ``size`` bytes with
at least one valid record of the board's store) is ours too. Our own file that fails
its check is kept aside under a new name (:attr:`FileNVM.kept_aside` says where) and the
nvm starts erased, as a board's damaged store does.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The repository's packages and the tools' folders, whose modules import one another.
for _p in ("", "lib", "tools/pc", "tools/drive", "tools/measure", "tools/rig"):
    _p = os.path.normpath(os.path.join(ROOT, _p))
    if _p not in sys.path:
        sys.path.insert(0, _p)
import ownfiles  # noqa: E402

KIND = "sim-nvm"


def _has_store_record(data):
    """True if ``data`` holds at least one valid record (or cleared record) of the
    board's store, in either slot of any kind."""
    from cucumber import store
    probe = store.Store(None)
    probe.nvm = bytearray(data)
    return any(probe._read(kind, slot) not in (-1, 0) for kind in range(3) for slot in (0, 1))


class FileNVM:
    def __init__(self, path, size=8192):
        self.path = path
        self.size = size
        self.writes = 0
        self.kept_aside = None  # where our damaged file went, if it was
        data = ownfiles.read_bytes(path)  # NotOurs (a folder), Unreadable
        if data is None:
            data = b""
        elif ownfiles.signed(KIND, data):
            try:
                data = ownfiles.unwrap(KIND, data)  # Newer propagates: left as it is
                if len(data) != size:
                    raise ownfiles.Damaged("not %d bytes" % size)
            except ownfiles.Damaged:
                self.kept_aside = ownfiles.keep_aside(path)
                data = b""
        elif not (len(data) == size and _has_store_record(data)):
            # no advice here: the caller names the option that chooses another file
            raise ownfiles.NotOurs("%s is not the simulator's saves: it is left as it is"
                                   % path)
        self._buf = bytearray(data) + bytearray(b"\xff" * (size - len(data)))

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._buf[index])
        return self._buf[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1:
                raise ValueError("nvm: slices with a step are not supported")
            value = bytes(value)
            if len(value) != stop - start:
                raise ValueError("nvm: a slice write must keep the length")
            self._buf[start:stop] = value
        else:
            if not 0 <= value <= 255:
                raise ValueError("nvm: a byte is 0..255")
            self._buf[index] = value
        self.writes += 1
        self._flush()

    def _flush(self):
        ownfiles.write_atomic(self.path, ownfiles.wrap(KIND, bytes(self._buf)))
