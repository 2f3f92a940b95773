"""The compiled-content cache: validated books pickled under a key of everything they depend on.

The key hashes the content bytes, the overlays, the grammar (schemas and registered kinds)
and the versions of the library and the title, so a stale entry is simply never found.
A corrupt or unreadable entry is ignored and rebuilt; nothing here ever raises to the user.

The folder is ``$PARAGRAPHS_CACHE_DIR``, else ``$XDG_CACHE_HOME/paragraphs``, else
``~/.cache/paragraphs``. ``PARAGRAPHS_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1


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
            fmt, stored_key, book = pickle.load(fh)
    except Exception:
        return None
    if fmt != FORMAT or stored_key != key:
        return None
    return book


def store(title: str, key: str, book: Any) -> None:
    """Write an entry atomically; a failure to write is not an error (no cache, that's all)."""
    if not enabled():
        return
    target = _path(title, key)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".pickle")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump((FORMAT, key, book), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
        for old in target.parent.glob(f"{title}-*.pickle"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        return
