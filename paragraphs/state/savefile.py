"""Save files: written so that no kill, power loss, full disk or second command loses a
game, and checked before they are trusted.

A save is two files beside each other: ``FILE``, which holds the state without its journal
in one of two slots (:mod:`paragraphs.state.slots`: a version 4 save), and an append-only
journal file (``FILE.<token>.journal``, one JSON entry per line). The steps not yet in the
journal file (at most :data:`TAIL_ENTRIES`) travel in the slot with the state.

Most saves are **in place**: the new save (generation ``g + 1``, the state, the journal's
recorded end and the steps past it) is written over the slot holding the older save
(``g - 1``), then ``fdatasync`` makes it durable. One file, one disk commit: no new file,
no rename, no sync of the folder. Why nothing is lost:

* a kill at any instant leaves the file as the page cache has it: the slot being written is
  whole, or cut short (its length and SHA-256 do not match, so loading ignores it), and the
  other slot, the save before, is untouched: at most the step being written is lost;
* a power loss while the slot is written may leave any mix of old and new sectors in that
  slot only: the checksum refuses it, and the other slot was made durable by the previous
  save's ``fdatasync`` before this write began (saves of one file never overlap: the lock);
* the write never changes the file's size and lands on blocks the whole-file write below
  allocated, wrote and synced, and the file's name and size are already durable: once
  ``fdatasync`` returns the save survives a power loss. On a file system that overwrites
  in place (ext4, XFS) it has no metadata to commit, which makes it one disk commit; a
  copy-on-write one (btrfs) commits the new blocks' places too, still in one call;
* before writing, the slot prefixes are read back: a complete slot newer than the one this
  state saved or loaded means another command saved meanwhile (never overwritten).

The save is **rewritten whole** when it is new, when ``FILE.bak`` is missing, after an undo
(the journal is then written afresh under a new name), when the state no longer fits its
slot, when :data:`TAIL_ENTRIES` steps have gathered past the journal file, or when the file
is not as this state left it. The order of writes: (1) append the new steps to the journal
(bytes past the end ``FILE`` records are ignored on loading, and cut on the next save) and
start its ``fsync`` in a background thread; (2) meanwhile write the new ``FILE`` (both slots,
the save in the first) beside it under a temporary name and ``fsync`` it; (3) make
``FILE.bak`` a hard link to (or else a copy of) the current ``FILE``: ``FILE`` is never
absent; (4) wait for the journal's ``fsync``, then ``os.replace`` the temporary file onto
``FILE`` and ``fsync`` the folder; (5) remove leftover temporary files and journals neither
``FILE`` nor ``FILE.bak`` needs. A kill at any instant leaves ``FILE`` (old or new) and
``FILE.bak`` loadable. So ``FILE.bak`` is the save as it was before ``FILE`` was last
rewritten whole (at most :data:`TAIL_ENTRIES` steps behind, plus the saves that added no
step), and the save just before the latest one is the other slot of ``FILE``.

A state remembers the identity of the file it last saved or loaded (inode, size,
modification and change times) and which slot holds its save: while the file is unchanged,
the next save need not read it back to check its generation or to find its backup's journal.

The generation number refuses a lost update: a state loaded at generation 7 is not saved
over a ``FILE`` another command has meanwhile moved to generation 8.

Loading validates the save against ``schemas/core/save.schema.json`` and the state's
invariants, and refuses anything wrong in one line naming the field. Older versions (one
JSON document, versions 1 to 3) are migrated (:mod:`paragraphs.state.migrations`); the
first save after loading one rewrites it whole, keeping the old file as ``FILE.bak``.
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import os
import secrets
import shutil
import stat
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from paragraphs.foundation.errors import SaveError
from paragraphs.state import slots
from paragraphs.state.core import STATE_FIELDS, State, is_checkpoint
from paragraphs.state.lock import hold_save
from paragraphs.state.migrations import MigrationFailed, migrate

SAVE_FORMAT = "paragraphs-save"
SAVE_VERSION = 4

#: A save's main file larger than this is refused (it holds no journal: it stays small).
MAX_SAVE_BYTES = 64 * 1024 * 1024

#: At most this many steps past the journal file travel in a slot: one more and the save is
#: rewritten whole (the steps appended to the journal file, ``FILE.bak`` refreshed). It
#: bounds both what an in-place save writes and how far ``FILE.bak`` lags behind.
TAIL_ENTRIES = 32

#: Room each slot leaves, at a whole rewrite, for the steps to come: this much for plain
#: steps, plus half the save's size (a save holds the state and the state before the last
#: step, so half of it is about one checkpoint's snapshot, which a step may carry).
SLOT_SLACK = 32 * 1024


class SaveMissing(SaveError):
    """The save is gone but its backup is there: never start a new game over it.

    Attributes:
        backup: the ``.bak`` file that can be renamed back.
    """

    def __init__(self, path: Path, backup: Path) -> None:
        self.backup = backup
        super().__init__(f"{path} is missing but its backup {backup.name} is there: rename the backup to {path.name} to resume (or remove it to start a new game)")


@dataclasses.dataclass(frozen=True)
class SaveMark:
    """Where a state was last saved or loaded, and how much of its journal is on disk."""

    path: str
    generation: int
    journal_file: str | None = None
    #: How much of the journal is in the journal file (entries, bytes, running hash); the
    #: steps after it travel in the slot with the state.
    entries: int = 0
    size: int = 0
    chain: str = ""
    stale: bool = False
    #: The file's identity on disk as this state left it (device, inode, size, modification
    #: and change times): while it is unchanged nobody else wrote the save, so the next save
    #: need not read it back (see :func:`_file_identity`).
    identity: tuple[int, ...] = ()
    #: The slot of ``FILE`` holding this save (-1: an older, one-document save) and the
    #: slots' size: the next save goes in place into the other slot.
    slot: int = -1
    slot_bytes: int = 0

    def after_undo(self) -> SaveMark:
        return dataclasses.replace(self, stale=True)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


#: How a session save's text begins, in every version: its format name first.
SAVE_START = '{"format": "%s"' % SAVE_FORMAT


def is_session_save(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` begins as a session save (one that cannot be read is not)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SAVE_START)) == SAVE_START.encode()
    except OSError:
        return False


def save_exists(path: str | os.PathLike[str]) -> bool:
    """Whether a save is there to resume.

    Raises:
        SaveMissing: it is not, but its ``.bak`` is (a new game would bury it).
    """
    target = Path(path)
    if os.path.lexists(target):
        return True
    if backup_path(target).is_file():
        raise SaveMissing(target, backup_path(target))
    return False


# --------------------------------------------------------------------------- saving


def save_state(state: State, path: str | os.PathLike[str], *, library_version: str | None = None) -> None:
    """Write a save so that nothing is ever lost (see the module documentation).

    The save before stays in the file's other slot, and ``<path>.bak`` keeps the save as
    it was before the file was last rewritten whole. The state's ``saved_as`` is updated.

    Raises:
        SaveError: the save cannot be written (a read-only file or folder, a full disk,
            not a regular file, a ``.bak`` that is a folder, another command changed the
            save since this state was loaded, data that is not JSON). Nothing is lost:
            the previous save and its backup are as they were.
    """
    from paragraphs.__about__ import __version__

    target = Path(os.path.abspath(path))
    # The fields are serialised as they are: no copy of the state is needed to read it.
    body = {name: getattr(state, name) for name in STATE_FIELDS}
    try:
        body_text = json.dumps(body, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{target}: cannot save: the state holds data that is not JSON ({exc})") from None
    _check_writable(target)
    with hold_save(target):
        try:
            _write(state, target, body_text, library_version or __version__)
        except OSError as exc:
            raise SaveError(f"{target}: cannot save: {_reason(exc)}; the previous save is untouched") from None


def _check_writable(target: Path) -> None:
    """Refuse, before writing anything, what would fail half-way or lose data."""
    if os.path.lexists(target):
        st = os.stat(target)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{target}: cannot save: it is not a regular file")
        if not os.access(target, os.W_OK):
            raise SaveError(f"{target}: cannot save: the file is read-only")
    bak = backup_path(target)
    if os.path.lexists(bak) and not bak.is_file():
        raise SaveError(f"{target}: cannot save: {bak.name} is not a regular file (move it away)")
    folder = target.parent
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        raise SaveError(f"{target}: cannot save: the folder {folder} is read-only")


def _write(state: State, target: Path, body_text: str, library: str) -> None:
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    mark = state.saved_as if isinstance(state.saved_as, SaveMark) and state.saved_as.path == str(target) else None
    # The file as this state left it needs no reading back: nobody changed it since.
    untouched = mark is not None and bool(mark.identity) and _file_identity(target) == mark.identity
    if untouched and mark is not None and _save_in_place(state, target, mark, body_text, library):
        return
    current = mark.generation if untouched and mark is not None else _generation_on_disk(target)
    if mark is not None and current is not None and current != mark.generation:
        raise SaveError(f"{target}: the save changed since it was loaded (another command saved it); nothing was written")
    generation = max(current or 0, mark.generation if mark else 0) + 1
    _rewrite(state, target, mark, untouched, generation, body_text, library)


def _save_in_place(state: State, target: Path, mark: SaveMark, body_text: str, library: str) -> bool:
    """Write the save over the older slot of ``FILE`` and ``fdatasync`` it (see the module
    documentation for why a kill or a power loss loses at most this save).

    Returns:
        False, having written nothing, when the save must be rewritten whole instead.

    Raises:
        SaveError: another command saved meanwhile (a complete newer slot is there).
    """
    entries = state.journal
    past_file = len(entries) - mark.entries
    if not hasattr(os, "pwrite"):  # pragma: no cover - platforms without positioned writes
        return False
    if mark.stale or mark.slot not in (0, 1) or mark.journal_file is None or not 0 <= past_file <= TAIL_ENTRIES:
        return False
    # a whole rewrite makes the backup: a game whose backup is gone gets one back at once
    if not os.path.lexists(backup_path(target)) or not os.path.isfile(target.parent / mark.journal_file):
        return False
    generation = mark.generation + 1
    journal = {"file": mark.journal_file, "entries": mark.entries, "size": mark.size, "chain": mark.chain, "tail": [_as_journaled(e) for e in entries[mark.entries :]]}
    try:
        record = _save_text(state, journal, generation, library, body_text).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{target}: cannot save: a journal entry holds data that is not JSON ({exc})") from None
    data = slots.slot_bytes(record, generation, mark.slot_bytes)
    if data is None:
        return False  # the state outgrew its slot
    other = 1 - mark.slot
    fd = os.open(target, os.O_RDWR)
    try:
        _refuse_a_newer_slot(fd, target, mark)
        _write_at(fd, data, slots.slot_offset(other, mark.slot_bytes))
        # fdatasync, not fsync: only the data changed (the size and the blocks did not), and
        # the times the inode also holds need not be durable for the save to load.
        getattr(os, "fdatasync", os.fsync)(fd)
        identity = _identity(os.fstat(fd))
    finally:
        os.close(fd)
    state.saved_as = dataclasses.replace(mark, generation=generation, identity=identity, slot=other)
    # temporary files of a killed whole rewrite go now; stale journals at the next rewrite
    # (which knows the backup's journal without reading the backup)
    _clean_up(target, None)
    return True


def _refuse_a_newer_slot(fd: int, target: Path, mark: SaveMark) -> None:
    """The slots are as this state left them: its own holds its generation, and the other
    is not a complete newer save (a command that loaded the same save and saved it). The
    file's times alone cannot tell: they tick coarsely, and an in-place write keeps the size."""
    capacity = mark.slot_bytes
    mine = slots.parse_prefix(os.pread(fd, slots.PREFIX_BYTES, slots.slot_offset(mark.slot, capacity)))
    theirs = slots.parse_prefix(os.pread(fd, slots.PREFIX_BYTES, slots.slot_offset(1 - mark.slot, capacity)))
    changed = mine is None or mine[0] != mark.generation
    if not changed and theirs is not None and theirs[0] > mark.generation:
        # a newer prefix: a complete save by another command, or a write cut short (ignored)
        data = os.pread(fd, slots.file_size(capacity), 0)
        changed = slots.read_slot_at(data, 1 - mark.slot, capacity) is not None
    if changed:
        raise SaveError(f"{target}: the save changed since it was loaded (another command saved it); nothing was written")


def _write_at(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        view = view[written:]
        offset += written


def _rewrite(state: State, target: Path, mark: SaveMark | None, untouched: bool, generation: int, body_text: str, library: str) -> None:
    """Write the whole save beside ``FILE`` and move it in (the module documentation gives the order)."""
    journal, journal_fd = _write_journal(state, target, mark)
    # The journal is synced while the save file is made and synced: both reach the disk
    # before the save file is moved in (it refers to the journal's new end), and the two
    # syncs overlap (one disk commit instead of two, on a journaling file system).
    sync = _BackgroundSync(journal_fd)
    try:
        record = _save_text(state, {**journal, "tail": []}, generation, library, body_text).encode("utf-8")
        capacity = slots.capacity_for(len(record), SLOT_SLACK + len(record) // 2)
        data = slots.file_bytes(record, generation, capacity, version=SAVE_VERSION, format_name=SAVE_FORMAT)
        _replace_file(target, data, before_rename=sync.wait)
    finally:
        sync.join()
        os.close(journal_fd)
    state.saved_as = SaveMark(
        str(target), generation, journal["file"], journal["entries"], journal["size"], journal["chain"], identity=_file_identity(target), slot=0, slot_bytes=capacity
    )
    # The backup is the file this state last saved (when untouched): its journal is known.
    backup_journal = mark.journal_file if untouched and mark is not None else _journal_name(backup_path(target))
    _clean_up(target, {journal["file"], backup_journal})


def _save_text(state: State, journal: dict[str, Any], generation: int, library: str, body_text: str) -> str:
    """A save record's text: the head (format, generation, where the journal ends, the steps
    past it) and the state."""
    last = state.journal[-1] if state.journal else None
    last_before = last.get("before") if last is not None and not is_checkpoint(last) else None
    head = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "library": library,
        "title": state.title,
        "content_hash": state.content_hash,
        "generation": generation,
        "journal": {**journal, "last_before": last_before},
    }
    text = json.dumps(head, sort_keys=True, ensure_ascii=False, allow_nan=False)
    # The state goes in as already-serialised text: it was checked to be JSON above.
    return text[:-1] + ', "state": ' + body_text + "}"


def _as_journaled(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry as the journal keeps it: the state before it only on a checkpoint (the
    save keeps the last step's separately)."""
    return entry if is_checkpoint(entry) else {k: v for k, v in entry.items() if k != "before"}


def _file_identity(path: Path) -> tuple[int, ...]:
    """What changes whenever anyone writes or replaces the file: its device and inode (a
    save is replaced, never written in place), size, and modification and change times
    (the change time cannot be set back by anyone)."""
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return _identity(st)


def _identity(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _write_journal(state: State, target: Path, mark: SaveMark | None) -> tuple[dict[str, Any], int]:
    """Append the entries not yet on disk (or write the journal afresh), not yet synced:
    the caller syncs it together with the save file, before the save file is moved in.

    Returns:
        What the save records of the journal, and the journal's open descriptor."""
    entries = state.journal
    folder = target.parent
    append = (
        mark is not None
        and not mark.stale
        and mark.journal_file is not None
        and len(entries) >= mark.entries
        and (folder / mark.journal_file).is_file()
    )
    if append:
        assert mark is not None and mark.journal_file is not None
        name, start, size, chain = mark.journal_file, mark.entries, mark.size, mark.chain
        fd = os.open(folder / name, os.O_WRONLY)
    else:
        name, start, size, chain = f"{target.name}.{secrets.token_hex(4)}.journal", 0, 0, ""
        fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        # bytes past the recorded end belong to a save that was never completed
        if os.fstat(fd).st_size != size:
            os.ftruncate(fd, size)
        os.lseek(fd, size, os.SEEK_SET)
        chunks = []
        for entry in entries[start:]:
            line = (json.dumps(_as_journaled(entry), sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")
            chain = chain_hash(chain, line)
            chunks.append(line)
        data = b"".join(chunks)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    except (TypeError, ValueError) as exc:
        os.close(fd)
        raise SaveError(f"{target}: cannot save: a journal entry holds data that is not JSON ({exc})") from None
    except BaseException:
        os.close(fd)
        raise
    return {"file": name, "entries": len(entries), "size": size + len(data), "chain": chain}, fd


def write_file_atomic(path: str | os.PathLike[str], text: str, *, backup: bool = True) -> None:
    """Write a text file the way saves are written: beside it, fsync, keep the previous
    one as ``.bak`` (``backup``), ``os.replace``, fsync the folder. A kill leaves the old
    file or the new one, never a half-written one or none.

    Raises:
        SaveError: it cannot be written (one line); the previous file is untouched.
    """
    target = Path(os.path.abspath(path))
    _check_writable(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _replace_file(target, text.encode("utf-8"), backup=backup)
    except OSError as exc:
        raise SaveError(f"{target}: cannot write: {_reason(exc)}; the previous file is untouched") from None
    prefix = f".{target.name}."
    for entry in os.scandir(target.parent):
        if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
            _unlink(entry.path)


def check_file_writable(path: str | os.PathLike[str], what: str = "the file") -> None:
    """Refuse now, in one line, a path :func:`write_file_atomic` could not write later, so
    that a command writing it after other work (a game set up and saved, a phase played)
    stops before it has done anything. Leaves nothing behind: the probe is a temporary file
    beside the target (the very file the real write starts with), removed at once; a
    missing folder is probed at the nearest one that exists (the write makes the rest).

    Raises:
        SaveError: the target is not a regular file or is read-only, or its folder cannot
            take a new file.
    """
    target = Path(os.path.abspath(path))
    if os.path.lexists(target):
        if not target.is_file():
            raise SaveError(f"{target}: cannot write {what}: it is not a regular file")
        if not os.access(target, os.W_OK):
            raise SaveError(f"{target}: cannot write {what}: the file is read-only")
    folder = target.parent
    while not os.path.lexists(folder) and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir():
        raise SaveError(f"{target}: cannot write {what}: {folder} is not a folder")
    probe = folder / _temp_name(target).name
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except OSError as exc:
        raise SaveError(f"{target}: cannot write {what}: {_reason(exc)}") from None
    _unlink(probe)


def check_files_writable(paths: Iterable[str | os.PathLike[str]], what: str = "the file") -> None:
    """:func:`check_file_writable` of every path, before a command writes the first of
    them: a set of files (the pages of a reference, the schemas of several titles) is
    then written whole, or not at all when one of them cannot be.

    Raises:
        SaveError: the first path that cannot be written, said to leave everything as it was.
    """
    for path in paths:
        try:
            check_file_writable(path, what)
        except SaveError as exc:
            raise SaveError(f"{exc}; nothing was written") from None


def _replace_file(target: Path, data: bytes, *, backup: bool = True, before_rename: Callable[[], None] | None = None) -> None:
    """Write ``data`` beside ``target`` and sync it, keep the current file as ``.bak``,
    call ``before_rename`` (what must be on disk first), move the new file in, sync the folder."""
    tmp = _temp_name(target)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and os.path.lexists(target):
            _keep_backup(target)
        if before_rename is not None:
            before_rename()
        os.replace(tmp, target)
    except BaseException:
        _unlink(tmp)
        raise
    _fsync_folder(target.parent)


class _BackgroundSync:
    """``fsync(fd)`` in a thread, started at once; :meth:`wait` raises its error, if any."""

    def __init__(self, fd: int) -> None:
        self._failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._sync, args=(fd,), name="paragraphs-save-sync", daemon=True)
        self._thread.start()

    def _sync(self, fd: int) -> None:
        try:
            os.fsync(fd)
        except BaseException as exc:  # raised again in the saving thread
            self._failure.append(exc)

    def join(self) -> None:
        self._thread.join()

    def wait(self) -> None:
        self._thread.join()
        if self._failure:
            raise self._failure[0]


def chain_hash(previous: str, line: bytes) -> str:
    """The running hash of the journal up to and including ``line``."""
    return hashlib.sha256(previous.encode("ascii") + line).hexdigest()[:32]


def _keep_backup(target: Path) -> None:
    """Make ``FILE.bak`` the current ``FILE`` without ever removing ``FILE``."""
    bak = backup_path(target)
    tmp = _temp_name(target, ".bak")
    try:
        try:
            os.link(target, tmp)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK, errno.EOPNOTSUPP):
                raise
            shutil.copyfile(target, tmp)
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        os.replace(tmp, bak)
    except BaseException:
        _unlink(tmp)
        raise


def _temp_name(target: Path, suffix: str = "") -> Path:
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}{suffix}.tmp")


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory descriptors
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse it; the data is synced
        pass
    finally:
        os.close(fd)


def _clean_up(target: Path, needed: set[str | None] | None) -> None:
    """Remove temporary files left by killed saves, and journals no save refers to
    (``needed``: the journals of the save and of its backup; None: leave journals alone).

    Only a command holding the save's lock saves, so no other writer's file is removed."""
    folder = target.parent
    prefix = f".{target.name}."
    for entry in os.scandir(folder):
        name = entry.name
        stale_temp = name.startswith(prefix) and name.endswith(".tmp")
        stale_journal = needed is not None and name.startswith(target.name + ".") and name.endswith(".journal") and name not in needed
        if stale_temp or stale_journal:
            _unlink(folder / name)


def _journal_name(save: Path) -> str | None:
    try:
        head = _read_head(save)
    except (OSError, ValueError, SaveError):
        return None
    journal = head.get("journal") if isinstance(head, dict) else None
    name = journal.get("file") if isinstance(journal, dict) else None
    return name if isinstance(name, str) else None


def _generation_on_disk(target: Path) -> int | None:
    try:
        head = _read_head(target)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, SaveError):
        return None  # a damaged save: overwriting it loses nothing (its .bak is kept)
    value = head.get("generation", 0) if isinstance(head, dict) else 0
    return value if type(value) is int else 0


def _read_head(path: Path) -> Any:
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise SaveError("not a regular file")
    with open(path, "rb") as fh:
        data = fh.read()
    if slots.is_slot_file(data):
        newest = slots.complete_slots(data)
        if not newest:
            raise SaveError("no complete slot")
        return json.loads(newest[0].record)
    return json.loads(data)


def read_save_record(path: str | os.PathLike[str]) -> Any:
    """The JSON of the save a file holds, unchecked: the newest complete slot's record of a
    version 4 file, the whole document of an older one (for tools and tests that look
    inside a save; :func:`load_state` is what checks it)."""
    return _read_head(Path(path))


def _unlink(path: str | os.PathLike[str]) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    if exc.errno in (errno.EROFS,):
        return "the file system is read-only"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return exc.strerror or str(exc)


# --------------------------------------------------------------------------- loading


def load_state(path: str | os.PathLike[str], *, title: str | None = None) -> State:
    """Read a save file and its journal, check them, and migrate older versions.

    Raises:
        SaveMissing: the file is gone but its ``.bak`` is there.
        SaveError: the file is missing, not a regular file, corrupt, truncated, tampered
            with (one line naming the field), for another title, or written by a newer
            library. The file is left alone.
    """
    target = Path(os.path.abspath(path))
    if not os.path.lexists(target):
        if backup_path(target).is_file():
            raise SaveMissing(target, backup_path(target))
        raise SaveError(f"{target}: no such save file")
    try:
        st = os.stat(target)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{target}: not a save file (not a regular file)")
        if st.st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{target}: the save is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB; refused")
        with open(target, "rb") as fh:
            opened = os.fstat(fh.fileno())
            data = fh.read()
    except OSError as exc:
        raise SaveError(f"{target}: cannot read: {exc}") from None
    identity = _identity(opened)
    slot: slots.Slot | None = None
    capacity = slots.capacity_of(data)
    if capacity is not None:
        layout = slots.header_version(data) or 0
        if layout > SAVE_VERSION:
            raise SaveError(f"{target}: save version {layout} is newer than this library reads ({SAVE_VERSION}); upgrade paragraphs-engine")
        found = slots.complete_slots(data)
        if not found:
            raise SaveError(f"{target}: corrupt save: neither of its two slots holds a complete save (lengths or checksums do not match)")
        # the newest complete slot; a newer one cut short by a kill or a power loss is ignored
        slot, data = found[0], found[0].record
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{target}: cannot read: {exc}") from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        what = "truncated" if exc.pos >= len(text.rstrip()) else "corrupt"
        raise SaveError(f"{target}: {what} save (JSON error at line {exc.lineno} col {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{target}: corrupt save (nested too deeply)") from None
    if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
        raise SaveError(f"{target}: not a paragraphs save file")
    version = payload.get("version")
    if type(version) is not int or version < 1:
        raise SaveError(f"{target}: corrupt save: field 'version' is not a whole number")
    if version > SAVE_VERSION:
        raise SaveError(f"{target}: save version {version} is newer than this library reads ({SAVE_VERSION}); upgrade paragraphs-engine")
    body = payload.get("state")
    if not isinstance(body, dict):
        raise SaveError(f"{target}: corrupt save: field 'state' is not an object")
    if version < 3 and "journal" in payload:
        raise SaveError(f"{target}: corrupt save: field 'journal' is not part of a version {version} save")
    if (slot is not None) != (version >= 4):
        raise SaveError(f"{target}: corrupt save: field 'version' is {version}, which does not match the file's layout")
    if slot is not None and payload.get("generation") != slot.generation:
        raise SaveError(f"{target}: corrupt save: field 'generation' does not match its slot's")
    if version < 4 and isinstance(payload.get("journal"), dict) and "tail" in payload["journal"]:
        raise SaveError(f"{target}: corrupt save: field 'journal.tail' is not part of a version {version} save")
    try:
        body = migrate(body, version, SAVE_VERSION)
    except MigrationFailed as exc:
        raise SaveError(f"{target}: corrupt save: {exc}") from None
    head = {**payload, "version": SAVE_VERSION, "state": body}
    problem = save_problem(head)
    if problem:
        raise SaveError(f"{target}: corrupt save: {problem}")
    if title is not None and body.get("title") not in ("", None, title):
        raise SaveError(f"{target}: save is for title {body.get('title')!r}, not {title!r}")
    journal_info = payload.get("journal") if version >= 3 else None
    generation = payload.get("generation", 0) if version >= 3 else 0
    if journal_info is None:
        state = State.from_json(body)
        state.saved_as = SaveMark(str(target), generation, identity=identity)
    else:
        state = State.from_json({**body, "journal": []})
        state.journal = _read_journal(target, journal_info)
        problem = journal_problem(state.journal)
        if problem:
            raise SaveError(f"{target}: corrupt save: {problem}")
        state.saved_as = SaveMark(
            str(target),
            generation,
            journal_info["file"],
            journal_info["entries"],
            journal_info["size"],
            journal_info["chain"],
            identity=identity,
            slot=slot.index if slot is not None else -1,
            slot_bytes=capacity or 0,
        )
    return state


def _read_journal(target: Path, info: Mapping[str, Any]) -> list[dict[str, Any]]:
    name = info["file"]
    if os.path.basename(name) != name or name.startswith(".") or not name.endswith(".journal"):
        raise SaveError(f"{target}: corrupt save: field 'journal.file' does not name a journal beside the save")
    path = target.parent / name
    try:
        with open(path, "rb") as fh:
            data = fh.read(info["size"])
    except FileNotFoundError:
        raise SaveError(f"{target}: its journal {name} is missing; the backup {backup_path(target).name} may still have one") from None
    except OSError as exc:
        raise SaveError(f"{target}: cannot read its journal {name}: {exc.strerror}") from None
    if len(data) != info["size"]:
        raise SaveError(f"{target}: its journal {name} is shorter than the save says (truncated)")
    lines = data.splitlines(keepends=True)
    if len(lines) != info["entries"]:
        raise SaveError(f"{target}: its journal {name} has {len(lines)} entries, not {info['entries']}")
    chain = ""
    entries = []
    for i, line in enumerate(lines, 1):
        chain = chain_hash(chain, line)
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            raise SaveError(f"{target}: its journal {name} is damaged at entry {i}") from None
        entries.append(entry)
    if chain != info["chain"]:
        raise SaveError(f"{target}: its journal {name} does not match the save (changed or mixed up)")
    entries.extend(info.get("tail", []))  # the steps saved since, kept in the slot
    last_before = info.get("last_before")
    if entries and isinstance(last_before, dict) and "before" not in entries[-1]:
        entries[-1] = {**entries[-1], "before": last_before}
    return entries


# --------------------------------------------------------------------------- checks

_VALIDATORS: dict[str, Any] = {}


def _validator(part: str) -> Any:
    """A validator for the whole save (``part`` ``""``) or for one of its ``$defs``."""
    found = _VALIDATORS.get(part)
    if found is None:
        from jsonschema import Draft202012Validator

        from paragraphs.pipeline.validation import core_schema

        schema = core_schema("save")
        if part:
            schema = {"$ref": f"#/$defs/{part}", "$defs": schema["$defs"]}
        found = _VALIDATORS[part] = Draft202012Validator(schema)
    return found


def _first_error(part: str, instance: Any, prefix: str) -> str | None:
    errors = sorted(_validator(part).iter_errors(instance), key=lambda e: (len(e.absolute_path), [str(p) for p in e.absolute_path], e.message))
    if not errors:
        return None
    err = errors[0]
    where = ".".join([prefix, *(str(p) for p in err.absolute_path)] if prefix else [str(p) for p in err.absolute_path]) or "(top)"
    message = err.message if len(err.message) < 120 else err.message[:117] + "..."
    return f"field {where!r}: {message}"


def save_problem(payload: Mapping[str, Any]) -> str | None:
    """The first way a save breaks its schema or the state's invariants, in words."""
    problem = _first_error("", payload, "")
    if problem:
        return problem
    state = payload["state"]
    return state_problem(state) or journal_problem(state.get("journal") or [])


def state_problem(state: Mapping[str, Any]) -> str | None:
    """Invariants the schema cannot say."""
    ids = [h["id"] for h in state.get("hooks", [])]
    if len(ids) != len(set(ids)):
        return "field 'state.hooks': a hook is armed twice"
    return None


def _is_int(value: Any) -> bool:
    return type(value) is int


def _plainly_valid_entry(entry: Any) -> bool:
    """A fast path for the common entry (no snapshot) that accepts only what
    ``$defs/journal_entry`` accepts; anything else goes to the schema, which names the
    field. (A long session holds thousands of entries: the schema takes a millisecond
    for each.)"""
    if type(entry) is not dict or "before" in entry:
        return False
    if not (_is_int(entry.get("step")) and entry["step"] >= 1 and type(entry.get("action")) is str and entry["action"]):
        return False
    for name in ("start", "procedure", "dice"):
        if name in entry and type(entry[name]) is not str:
            return False
    for name in ("args", "answers"):
        if name in entry and type(entry[name]) is not dict:
            return False
    trail = entry.get("trail", [])
    if type(trail) is not list or not all(type(p) is str for p in trail):
        return False
    rolls = entry.get("rolls", [])
    if type(rolls) is not list or not all(type(r) is dict and _is_int(r.get("value")) for r in rolls):
        return False
    rng = entry.get("rng")
    if rng is not None:
        if type(rng) is not dict or not (_is_int(rng.get("seed")) and _is_int(rng.get("position")) and rng["position"] >= 0):
            return False
    return True


def journal_problem(journal: list[Any]) -> str | None:
    for i, entry in enumerate(journal, 1):
        problem = None if _plainly_valid_entry(entry) else _first_error("journal_entry", entry, f"journal.{i}")
        if problem:
            return problem
        if entry.get("step") != i or type(entry.get("step")) is not int:
            return f"field 'journal.{i}.step': journal steps must run 1, 2, 3, ... (found {entry.get('step')!r})"
        before = entry.get("before")
        if before is not None and not isinstance(before, dict):
            return f"field 'journal.{i}.before': not an object"
    if journal and "before" not in journal[0]:
        return "field 'journal.1.before': the first step keeps the state before it"
    return None
