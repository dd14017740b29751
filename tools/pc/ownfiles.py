"""Host only: the files the project's tools write on a person's machine, and the rule
that keeps everything else safe: a tool writes over a file, or into a folder, only when
the thing already there says by itself that the game wrote it.

"Ours" is decided from the content, never from the name (as the board's NVM store does
with its magic and CRC):

* a file is an *envelope*: a first line ``CUCUMBER <kind> <version>``, the payload, and
  a last line ``CRC32 <hex>`` over everything before it (:func:`wrap`, :func:`unwrap`);
* a folder of outputs carries a marker file that is such an envelope, listing the files
  the tool wrote there (:func:`claim_folder`);
* a zip carries a signature in its archive comment and checks itself with its own CRCs.

What is not ours is refused with :class:`NotOurs`, a one-line message naming the path and
saying what to do, and left exactly as it was: not renamed, not rewritten, nothing added
beside it. A file that cannot be read is :class:`Unreadable`, never "damaged". Our own
file that is damaged may be kept aside with :func:`keep_aside`, always under a new name.
New content lands through a temporary file with a name of its own in the same folder
and one rename (:func:`write_atomic`), so a power cut or Ctrl-C leaves the old file or
the new one, and never clobbers a neighbour such as ``PATH.tmp``.
"""

import errno
import os
import tempfile
import zlib

VERSION = 1
_CRC = b"\nCRC32 "


class NotOurs(ValueError):
    """The path holds something the game did not write; the message says what to do."""


class Unreadable(OSError):
    """The path exists but cannot be read (permissions): left where it is. ``reason`` is
    the system's word for why."""

    def __init__(self, path, reason):
        super().__init__(path, reason)
        self.path = path
        self.reason = reason

    def __str__(self):
        return "%s cannot be read (%s): it is left where it is" % (self.path, self.reason)


class Damaged(ValueError):
    """Our own file, but its content fails its check."""


class Newer(ValueError):
    """Our own file, written by a newer version of the game."""


def _crc(data):
    return b"%08x" % (zlib.crc32(data) & 0xFFFFFFFF)


def wrap(kind, payload):
    """The envelope of ``payload`` (bytes) for files of ``kind`` (a short word)."""
    body = b"CUCUMBER %s %d\n" % (kind.encode(), VERSION) + payload
    return body + _CRC + _crc(body) + b"\n"


def signed(kind, data):
    """True if ``data`` starts with the signature of ``kind`` (whatever its state)."""
    return data.startswith(b"CUCUMBER %s " % kind.encode())


def unwrap(kind, data):
    """The payload of an envelope of ``kind``; NotOurs when it is not one (no signature),
    Newer for a later version, Damaged when its check fails."""
    if not signed(kind, data):
        raise NotOurs(kind)
    head_end = data.find(b"\n")
    try:
        version = int(data[len(b"CUCUMBER ") + len(kind) + 1:head_end])
    except ValueError:
        raise Damaged("its first line is damaged") from None
    cut = data.rfind(_CRC)
    if cut < head_end or not data.endswith(b"\n") or data[cut + len(_CRC):-1] != _crc(data[:cut]):
        if version > VERSION:
            raise Newer(version)
        raise Damaged("its checksum does not match: it was changed or cut short")
    if version > VERSION:
        raise Newer(version)
    return data[head_end + 1:cut]


def read_bytes(path):
    """The bytes at ``path``; None when nothing is there. A folder is NotOurs, a file that
    cannot be read Unreadable."""
    if os.path.isdir(path):
        raise NotOurs("%s is a folder, not a file the game wrote: it is left as it is" % path)
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        if os.path.lexists(path):  # a dangling symbolic link: somebody's, not ours
            raise NotOurs("%s is a link to nothing: it is left as it is" % path) from None
        return None
    except OSError as e:
        if e.errno == errno.EISDIR:
            raise NotOurs("%s is a folder: it is left as it is" % path) from None
        raise Unreadable(path, e.strerror or str(e)) from None


def write_atomic(path, data):
    """Replace ``path`` with ``data`` in one rename, through a temporary file of its own
    name in the same folder (removed again if anything fails)."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                               dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def keep_aside(path):
    """Rename our damaged file ``path`` to the first free name of ``path.bad``,
    ``path.bad2``, ``path.bad3`` ...: never over an earlier kept copy. Returns the new
    name; OSError when it cannot be renamed."""
    n = 1
    while True:
        aside = path + (".bad" if n == 1 else ".bad%d" % n)
        try:
            os.link(path, aside)  # fails if ``aside`` exists: no copy is ever replaced
        except FileExistsError:
            n += 1
            continue
        except OSError as e:
            if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                raise
            if os.path.lexists(aside):  # a file system without hard links
                n += 1
                continue
            os.rename(path, aside)
            return aside
        os.remove(path)
        return aside


# ----- folders of outputs ----------------------------------------------------------
MARKER = ".cucumber-made"


def _listed(folder, kind):
    """The names our marker in ``folder`` lists, or None when there is no marker of
    ``kind`` (NotOurs/Damaged come from unwrap)."""
    data = read_bytes(os.path.join(folder, MARKER))
    if data is None:
        return None
    payload = unwrap(kind, data)
    return [n for n in payload.decode("utf-8").split("\n") if n]


def claim_folder(folder, kind, what):
    """Make ``folder`` ours for the outputs of ``kind`` and return the names written there
    before (empty for a new or empty folder). A folder that is neither empty nor ours is
    NotOurs; ``what`` is the option that chooses another one ("--out DIR")."""
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise NotOurs("%s is not a folder: it is left as it is; choose a folder with %s"
                      % (folder, what))
    if not os.path.isdir(folder):
        os.makedirs(folder)
        return []
    try:
        names = os.listdir(folder)
    except OSError as e:
        raise Unreadable(folder, e.strerror or str(e)) from None
    if not names:
        return []
    try:
        listed = _listed(folder, kind)
    except (NotOurs, Damaged, Newer):
        listed = None
    if listed is None:
        raise NotOurs("%s holds files the game did not write: nothing in it is touched; "
                      "choose an empty or new folder with %s" % (folder, what))
    return listed


def record_folder(folder, kind, names):
    """Write the marker listing ``names`` (our files in ``folder``)."""
    payload = "\n".join(sorted(set(names))).encode("utf-8")
    write_atomic(os.path.join(folder, MARKER), wrap(kind, payload))


def may_write_in(folder, name, listed):
    """NotOurs unless ``name`` in our ``folder`` is free or one of ours (``listed``)."""
    path = os.path.join(folder, name)
    if os.path.lexists(path) and name not in listed:
        raise NotOurs("%s was not written by the game: it is left as it is; choose an "
                      "empty or new folder" % path)
    return path


# ----- zips ------------------------------------------------------------------------
ZIP_COMMENT = b"cucumber bundle: made by tools/drive/build.py"


def zip_is_ours(path):
    """True if the zip at ``path`` carries our signature and its CRCs check."""
    import zipfile
    try:
        with zipfile.ZipFile(path) as z:
            return z.comment == ZIP_COMMENT and z.testzip() is None
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        return False


def check_zip_target(path):
    """NotOurs unless ``path`` is free or a zip the build wrote."""
    if os.path.isdir(path):
        raise NotOurs("%s is a folder: it is left as it is" % path)
    read_bytes(path)  # Unreadable, or a dangling link
    if os.path.lexists(path) and not zip_is_ours(path):
        raise NotOurs("%s was not written by the build: it is left as it is; move it, or "
                      "choose another folder with --dist DIR" % path)


# ----- PNG files -------------------------------------------------------------------
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_KEY = b"Software\x00cucumber tools"


def sign_png(data):
    """``data`` (a PNG) with a tEXt chunk saying the game's tools made it."""
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG")
    ihdr_end = 8 + 8 + int.from_bytes(data[8:12], "big") + 4
    chunk = b"tEXt" + _PNG_KEY
    text = len(_PNG_KEY).to_bytes(4, "big") + chunk + (zlib.crc32(chunk) & 0xFFFFFFFF
                                                        ).to_bytes(4, "big")
    return data[:ihdr_end] + text + data[ihdr_end:]


def png_is_ours(data):
    """True if ``data`` is a PNG carrying our tEXt chunk with a good CRC."""
    if not data.startswith(PNG_SIGNATURE):
        return False
    chunk = b"tEXt" + _PNG_KEY
    at = data.find(chunk)
    if at < 12:
        return False
    crc = data[at + len(chunk):at + len(chunk) + 4]
    return crc == (zlib.crc32(chunk) & 0xFFFFFFFF).to_bytes(4, "big")


def check_png_target(path, what):
    """NotOurs unless ``path`` is free or a PNG our tools wrote."""
    data = read_bytes(path)
    if data is not None and not png_is_ours(data):
        raise NotOurs("%s was not written by the game's tools: it is left as it is; "
                      "choose another file with %s" % (path, what))


def check_parent(path, what):
    """NotOurs when the folder that would hold ``path`` does not exist (the tools make
    no folders a person did not ask for)."""
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise NotOurs("%s: the folder %s does not exist; create it, or choose another "
                      "path with %s" % (path, parent, what))
