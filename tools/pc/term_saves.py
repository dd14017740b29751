"""The terminal game's save: the match written after every move (``save``), removed when
it is over (``forget``), and read back at the next start, every field checked, so that a
match is continued whole or not at all.

The file is written only where the game wrote it before (tools/pc/ownfiles.py: an
envelope with our signature ``SAVE_KIND`` and a checksum); a save of an earlier version
is bare JSON with the engine's match record. Something else at the path (a folder,
another program's file) is never written over; our own save, damaged, is kept aside.
"""

import json
import os

import ownfiles
from engine import ai, challenge, save
from term_challenge import challenge_humans, challenge_levels
from term_words import (
    CH, SU, W, _BAD_CHECK, _BAD_FIELD, _BAD_HUMANS, _BAD_JSON, _BAD_KIND, _BAD_LEVELS,
    _BAD_RECORD, _BAD_RECORD_WHY, _BAD_SEED, _CANNOT_READ, _CANNOT_SAVE, _CH_BAD_SAVE,
    _IS_FOLDER, _KEPT_AS, _NEWER, _NOT_KEPT, _NOT_OURS,
)

SAVE_KIND = "terminal-save"  # the signature of our save files (ownfiles.wrap)


class SaveFileError(ValueError):
    """The save file cannot be continued; the message says why, for the player."""


class SavePathRefused(ValueError):
    """The save path holds something the game must not write over; the one line says
    what it is and what to do."""


def write(game):
    """Write the match of Game ``game`` to its save path (nothing when it is as on disk
    already); a path it must not write, or cannot, is said once and no longer used."""
    if not game.save_path:
        return
    record = {"humans": sorted(game.humans), "levels": game.levels, "seed": game.seed,
              "match": save.dumps(game.m).hex()}
    if game.challenge is not None:
        record["challenge"] = challenge.encode(game.challenge)
        if game.setup:
            record["setup"] = True
    text = json.dumps(record)
    if text == game.saved:
        return  # already on disk
    try:
        # Something else put at the path since the last save is never written over.
        if game.saved is not None or os.path.lexists(game.save_path):
            classify(game.save_path)
        ownfiles.write_atomic(game.save_path, ownfiles.wrap(SAVE_KIND, text.encode()))
        game.saved = text
    except (ownfiles.NotOurs, ownfiles.Newer, ownfiles.Unreadable):
        game.say(SU[_NOT_OURS] % game.save_path)
        game.save_path = None
    except (ownfiles.Damaged, SaveFileError):
        game.saved = None  # ours, damaged meanwhile: this save replaces it
        game.save_path, path = None, game.save_path
        try:
            ownfiles.write_atomic(path, ownfiles.wrap(SAVE_KIND, text.encode()))
            game.save_path, game.saved = path, text
        except OSError as e:
            game.say(W[_CANNOT_SAVE] % (path, e.strerror or e))
    except OSError as e:
        game.say(W[_CANNOT_SAVE] % (game.save_path, e.strerror or e))
        game.save_path = None


def forget(game):
    """Remove the finished match's save: only our own file, as we wrote it."""
    try:
        if game.save_path and game.saved is not None:
            data = ownfiles.read_bytes(game.save_path)
            if data == ownfiles.wrap(SAVE_KIND, game.saved.encode()):
                os.remove(game.save_path)
    except (OSError, ValueError):
        pass


def move_aside(path):
    """Keep our damaged save aside under a new name; the sentence saying where (or why
    not)."""
    try:
        aside = ownfiles.keep_aside(path)
    except OSError as e:
        return SU[_NOT_KEPT] % (e.strerror or e)
    return SU[_KEPT_AS] % aside


def classify(path):
    """The content of our save at ``path`` (str), None when nothing is there. Raises
    ownfiles.NotOurs (a folder, or a file the game did not write: refused),
    ownfiles.Unreadable, ownfiles.Newer, or ownfiles.Damaged / SaveFileError (our own
    save, damaged). Ours is decided from the content: the envelope's signature and
    checksum, or the JSON of an earlier version whose match record has the engine's
    own signature."""
    data = ownfiles.read_bytes(path)
    if data is None:
        return None
    if ownfiles.signed(SAVE_KIND, data):
        payload = ownfiles.unwrap(SAVE_KIND, data)
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            raise ownfiles.Damaged("not text") from None
    try:  # a save of an earlier version: bare JSON
        old = json.loads(data.decode("utf-8"))
        if isinstance(old, dict) and set(old) == {"humans", "levels", "match", "seed"} \
                and isinstance(old["match"], str) and old["match"][:6] == "435501":
            return data.decode("utf-8")
    except ValueError:
        pass
    raise ownfiles.NotOurs(path)


def load_save(text):
    """(match, humans, levels, seed, challenge or None, setup) from the text of our save;
    SaveFileError saying what is wrong with it. Every field is checked: a match is
    continued whole or not at all. A challenge's match has its code (its human seats
    may be any; another match's are the first seats), and a match of the set-up (its
    code said only at its end) ``"setup": true`` as well; an earlier version's match of
    the set-up has no code."""
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveFileError(SU[_BAD_JSON]) from None
    if not isinstance(data, dict):
        raise SaveFileError(SU[_BAD_KIND])
    for key in ("match", "humans", "levels", "seed"):
        if key not in data:
            raise SaveFileError(SU[_BAD_FIELD] % key)
    blob = data["match"]
    try:
        if not isinstance(blob, str):
            raise ValueError
        blob = bytes.fromhex(blob)
    except ValueError:
        raise SaveFileError(SU[_BAD_RECORD]) from None
    try:
        m = save.loads(blob)
    except ValueError as e:  # SaveError, and anything else the engine refuses
        raise SaveFileError(SU[_BAD_RECORD_WHY] % e) from None
    ch = None
    if "challenge" in data:
        try:
            ch = challenge.decode(data["challenge"])
        except challenge.ChallengeError:
            raise SaveFileError(CH[_CH_BAD_SAVE]) from None
        if ch.rules != m.rules or len(ch.kinds) != m.n:
            raise SaveFileError(CH[_CH_BAD_SAVE])
    humans = data["humans"]
    if not (isinstance(humans, list) and len(humans) <= m.n
            and all(type(h) is int for h in humans)
            and (humans == challenge_humans(ch) if ch is not None
                 else 1 <= len(humans) and humans == list(range(len(humans))))):
        raise SaveFileError(SU[_BAD_HUMANS])
    levels = data["levels"]
    if not (isinstance(levels, list) and len(levels) == m.n
            and all(levels[s] == "human" if s in humans else levels[s] in ai.LEVELS
                    for s in range(m.n))
            and (ch is None or levels == challenge_levels(ch))):
        raise SaveFileError(SU[_BAD_LEVELS])
    seed = data["seed"]
    if type(seed) is not int:
        raise SaveFileError(SU[_BAD_SEED])
    setup = data.get("setup", False)
    if setup is not False and (setup is not True or ch is None
                               or humans != list(range(len(humans)))):
        raise SaveFileError(CH[_CH_BAD_SAVE])  # (the code is what it marks)
    return m, set(humans), levels, seed, ch, setup


def refuse_path(path, e):
    """The one line for a save path the game must not write: what and what to do."""
    if isinstance(e, ownfiles.Unreadable):
        return SU[_CANNOT_READ] % (path, e.reason)
    if isinstance(e, ownfiles.Newer):
        return SU[_NEWER] % path
    if os.path.isdir(path):
        return SU[_IS_FOLDER] % path
    return SU[_NOT_OURS] % path


def check_save_path(path):
    """(text of our save or None, damaged reason or None); SavePathRefused with the one
    line to print when the path is not ours to write."""
    try:
        text = classify(path)
    except ownfiles.Damaged as e:
        return None, SU[_BAD_CHECK] if "checksum" in str(e) else SU[_BAD_JSON]
    except (ownfiles.NotOurs, ownfiles.Unreadable, ownfiles.Newer) as e:
        raise SavePathRefused(refuse_path(path, e)) from None
    if text is None:
        return None, None  # a new save (where it cannot be written, the match goes on)
    try:
        load_save(text)
    except SaveFileError as e:
        return None, str(e)
    return text, None
