"""An advisory lock on a save while a command uses it.

Two commands writing one save would each load it, change it and write it back, and one of
them would silently lose the other's step. A command that will save holds the lock from
loading to saving (:func:`hold_save`); a second command waits a moment, then stops with one
line naming the holder. The lock is ``flock`` on ``<save>.lock`` beside the save: it is
released when the holder ends, even if it is killed, so a stale lock never blocks anyone.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from paragraphs.foundation.errors import SaveError

try:  # POSIX only; elsewhere the generation number in the save still refuses lost updates
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]


class SaveBusy(SaveError):
    """Another command holds the save."""


#: Saves this process holds, by absolute path -> (file descriptor, nesting depth).
_HELD: dict[str, list[int]] = {}

#: How long a command waits for another one to release the save, in seconds.
WAIT_SECONDS = 5.0


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + ".lock")


def is_held(save: str | os.PathLike[str]) -> bool:
    return os.path.abspath(save) in _HELD


@contextmanager
def hold_save(save: str | os.PathLike[str], *, wait: float | None = None) -> Iterator[None]:
    """Hold the save's lock for the ``with`` block (re-entrant within one process).

    Raises:
        SaveBusy: another process holds it for longer than ``wait`` seconds.
        SaveError: the lock file cannot be created (a read-only folder, say).
    """
    key = os.path.abspath(save)
    held = _HELD.get(key)
    if held is not None:
        held[1] += 1
        try:
            yield
        finally:
            held[1] -= 1
        return
    fd = _acquire(Path(key), WAIT_SECONDS if wait is None else wait)
    _HELD[key] = [fd, 1]
    try:
        yield
    finally:
        del _HELD[key]
        os.close(fd)  # closing the descriptor releases the lock


def _acquire(save: Path, wait: float) -> int:
    path = lock_path(save)
    if not save.parent.is_dir():
        try:
            save.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"{save}: cannot create the folder: {exc.strerror}") from None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise SaveError(f"{save}: cannot lock the save ({path.name}: {exc.strerror})") from None
    if fcntl is None:  # pragma: no cover - not POSIX
        return fd
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                os.close(fd)
                raise SaveError(f"{save}: cannot lock the save: {exc.strerror}") from None
            if time.monotonic() >= deadline:
                holder = _holder(fd)
                os.close(fd)
                raise SaveBusy(f"{save}: another paragraphs command is using this save{holder}; try again when it ends") from None
            time.sleep(0.05)
    try:  # who holds it, for the other command's message (a full disk only loses that)
        os.pwrite(fd, f"{os.getpid():<12}\n".encode(), 0)  # fixed width: no truncation needed
    except OSError:
        pass
    return fd


def _holder(fd: int) -> str:
    try:
        text = os.pread(fd, 32, 0).decode().strip()
    except OSError:
        return ""
    return f" (process {text})" if text.isdigit() else ""
