"""The AI's last measured decision, kept in the nvm for the Inside the chip page.

Why: the board restarts after every match (a fresh heap for the title: cucumber.app),
and a match may end without any AI searching (medium AIs search only near a round's
end), so the app often knows no decision when the page opens from the settings. At a
match's end (cucumber.summary.show_page) ``keep(app)`` writes the match's last
measured decision; the page (cucumber.chip.kept reads it) shows it when the app has
none of its own.

The record: the last ``SIZE`` bytes of the nvm, outside cucumber.store's records
(which are at its start): "D", the time in microseconds (4 bytes), the deals (2), how
many times this record was written (2: the page counts them among the flash's writes),
then store.crc16 of those 9 bytes (2), every number high byte first. Nothing is
written in the demo (it writes nothing to the flash), when no AI searched (the record
keeps the older one), when the store keeps nothing (no nvm) or when the record already
holds that decision.

A module of its own, loaded for the match end's write and forgotten at once (by
cucumber.summary): the pages' module is loaded at every page of a match, when the heap
is full, and the demo never loads this one.
"""

SIZE = 11


def keep(app):
    """Write ``app``'s last measured AI decision (``decision_ns``, ``decision_deals``)
    into the record of ``app.store``'s nvm, unless it is there already (see above)."""
    ns = app.decision_ns
    store = app.store
    if ns is None or app.demo is not None or not store.persistent:
        return
    from cucumber.store import crc16
    from cucumber.store import SIZE as STORE_SIZE
    nvm = store.nvm
    n = len(nvm) - SIZE
    if n < STORE_SIZE:
        return
    us = min(ns // 1000, 0xFFFFFFFF)
    deals = min(app.decision_deals or 0, 0xFFFF)
    rec = bytearray(SIZE)
    rec[0] = 0x44
    for i in range(4):
        rec[1 + i] = (us >> (24 - 8 * i)) & 0xFF
    rec[5] = deals >> 8
    rec[6] = deals & 0xFF
    old = bytes(nvm[n:n + SIZE])
    writes = 1
    if old[0] == 0x44 and crc16(old, 0, 9) == (old[9] << 8 | old[10]):
        if old[1:7] == rec[1:7]:
            return  # that decision is kept already
        writes = min((old[7] << 8 | old[8]) + 1, 0xFFFF)
    rec[7] = writes >> 8
    rec[8] = writes & 0xFF
    crc = crc16(rec, 0, 9)
    rec[9] = crc >> 8
    rec[10] = crc & 0xFF
    nvm[n:n + SIZE] = rec
