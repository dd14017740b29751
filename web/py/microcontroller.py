"""The browser's ``microcontroller``: the board's 8 KB of nvm, kept by the page in the
browser's storage (web/storage.js); a processor with no sensors a page can read.

``nvm.state`` is what the page found: 0 never written, 1 kept, 2 damaged beyond
reading (a blank nvm with one damaged byte: cucumber.store finds it and the title says
so, as on a board), 3 no storage at all (then ``nvm`` is empty, and the title says that
this board cannot keep saves)."""

import uctypes

import webhost

SIZE = 8192


class _Nvm:
    """8 KB that read and write like ``microcontroller.nvm``: every write is handed to the
    page at once, which keeps the whole 8 KB (so a closed tab loses nothing)."""

    def __init__(self):
        self._data = bytearray(b"\xff" * SIZE)
        self.state = webhost.nvm_load(uctypes.addressof(self._data), SIZE)

    def __len__(self):
        return SIZE

    def __getitem__(self, index):
        return self._data[index]

    def __setitem__(self, index, value):
        self._data[index] = value
        webhost.nvm_save(uctypes.addressof(self._data), SIZE)


nvm = _Nvm()
if nvm.state == 3:  # the browser keeps no storage for the page: as a board with too
    nvm = bytearray(0)  # small an nvm, the game plays and its title says it keeps no saves


class _Cpu:
    """A page can tell none of these: None, as a chip without the sensor gives."""

    temperature = None
    frequency = None
    voltage = None


cpu = _Cpu()


def reset():
    import supervisor
    supervisor.reload()
