"""Host only: a stand-in for ``microcontroller.nvm`` kept in a file.

``FileNVM(path, size=8192)`` behaves like the board's nvm bytearray: ``len``, integer and
slice reads (slices return ``bytearray``) and writes (a slice write must keep the length,
as on the board). Every write rewrites the file atomically (temporary file, then rename),
so the simulator's saves survive being killed. A new file starts erased (0xFF bytes).
"""

import os


class FileNVM:
    def __init__(self, path, size=8192):
        self.path = path
        self.size = size
        self.writes = 0
        data = b""
        try:
            with open(path, "rb") as f:
                data = f.read(size)
        except FileNotFoundError:
            pass
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
        folder = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self._buf)
        os.replace(tmp, self.path)
