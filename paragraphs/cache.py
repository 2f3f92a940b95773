"""The compiled-content cache: validated books pickled under a key of everything they depend on.

The key hashes the content bytes, the overlays, the grammar (schemas and registered kinds)
and the versions of the library and the title, so a stale entry is simply never found.
A corrupt or unreadable entry is ignored and rebuilt; nothing here ever raises to the user.

The folder is ``$PARAGRAPHS_CACHE_DIR``, else ``$XDG_CACHE_HOME/paragraphs``, else
``~/.cache/paragraphs``. ``PARAGRAPHS_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

FORMAT = 2


class LazyParagraphs(Mapping):  # type: ignore[type-arg]
    """A book's paragraphs, each unpickled the first time it is used.

    A command usually reads a handful of paragraphs; unpickling all of a large booklet at
    every start would cost more than everything else the command does.
    """

    def __init__(self, blobs: dict[str, bytes]) -> None:
        self._blobs = blobs
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        hit = self._loaded.get(key)
        if hit is None:
            hit = self._loaded[key] = pickle.loads(self._blobs[key])
        return hit

    def __iter__(self) -> Iterator[str]:
        return iter(self._blobs)

    def __len__(self) -> int:
        return len(self._blobs)

    def __contains__(self, key: object) -> bool:
        return key in self._blobs

    def get(self, key: str, default: Any = None) -> Any:
        hit = self._loaded.get(key)
        if hit is not None:
            return hit
        return self[key] if key in self._blobs else default

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyParagraphs, (self._blobs,))


def cache_dir() -> Path:
    explicit = os.environ.get("PARAGRAPHS_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "paragraphs"


def enabled() -> bool:
    return os.environ.get("PARAGRAPHS_NO_CACHE", "") not in ("1", "true", "yes")


def _path(title: str, key: str) -> Path:
    return cache_dir() / f"{title}-{key[:32]}.pickle"


def load(title: str, key: str) -> Any | None:
    """The cached book for ``key``, or None when missing, stale or unreadable."""
    if not enabled():
        return None
    try:
        with open(_path(title, key), "rb") as fh:
            fmt, stored_key, shell, blobs = pickle.load(fh)
        if fmt != FORMAT or stored_key != key:
            return None
        return dataclasses.replace(shell, paragraphs=LazyParagraphs(blobs))
    except Exception:
        return None


def store(title: str, key: str, book: Any) -> None:
    """Write an entry atomically; a failure to write is not an error (no cache, that's all)."""
    if not enabled():
        return
    target = _path(title, key)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".pickle")
        blobs = {pid: pickle.dumps(par, protocol=pickle.HIGHEST_PROTOCOL) for pid, par in book.paragraphs.items()}
        shell = dataclasses.replace(book, paragraphs={})
        with os.fdopen(fd, "wb") as fh:
            pickle.dump((FORMAT, key, shell, blobs), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
        for old in target.parent.glob(f"{title}-*.pickle"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        return
