"""The compiled-content cache: validated books pickled under a key of everything they depend on.

The key hashes the content bytes, the overlays, the grammar (schemas and registered kinds)
and the versions of the library and the title, so a stale entry is simply never found.
A corrupt or unreadable entry is ignored and rebuilt; nothing here ever raises to the user.

Unpickling runs code, so the cache only loads what this user wrote: the folder is made
0700 and each file 0600; before loading, the folder and the file must belong to the user
and be writable by nobody else (else the cache is ignored with one warning, as pip does);
and every entry carries a MAC under a per-user key (``key`` in the folder, 0600) that is
checked before a byte is unpickled.

The folder is ``$PARAGRAPHS_CACHE_DIR``, else ``$XDG_CACHE_HOME/paragraphs``, else
``~/.cache/paragraphs``. ``PARAGRAPHS_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    # Loading a book needs only ``loads``: the C accelerator has it without pickle.py
    # (pickle.py imports struct, re's compiled patterns and more: about 1 ms of a read).
    # ``_pickle`` is CPython's own; another Python may lack it, and then pickle.py serves.
    from _pickle import loads as _loads
except ImportError:  # pragma: no cover - CPython always has it
    from pickle import loads as _loads

# The private folder, the signing key and the checks before trusting a file are shared
# with the plugin index (paragraphs.pluginhost.index); the old private names stay here.
from paragraphs.foundation.private_files import (
    _warned as _warned,
    cache_dir as cache_dir,
    enabled as enabled,
    read_private as _read_private,
    secret as _secret,
    sign as _sign,
    signed_body as _signed_body,
    signed_by as _signed_by,
    trusted_dir as _trusted_dir,
    unsafe as _unsafe,
    warn_once as _warn,
    write_signed as _write_signed,
)

FORMAT = 4

#: Entry files start with this, then the MAC of the rest (keyed BLAKE2b, 32 bytes), then the pickle.
_MAGIC = b"PGCACHE4"


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
            hit = self._loaded[key] = _loads(self._blobs[key])
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


def safe_title(title: str) -> bool:
    """Whether ``title`` can name a cache file (no separators, dots or odd characters)."""
    from paragraphs.foundation.limits import safe_name

    return safe_name(title)


def _name(title: str, key: str) -> str:
    return f"{title}-{key[:32]}.pickle"


def load(title: str, key: str) -> Any | None:
    """The cached book for ``key``, or None when missing, stale, unreadable or untrusted."""
    if not enabled() or not safe_title(title):
        return None
    folder = _trusted_dir(create=False)
    if folder is None:
        return None
    path = os.path.join(folder, _name(title, key))
    data = _read_private(path)
    if data is None:
        return None
    body = _signed_body(data, _MAGIC, _secret(folder, create=False))
    if body is None:
        _discard(path)  # corrupt, or signed by another key: rebuilt by the caller, once
        return None
    try:
        import dataclasses

        fmt, stored_key, shell, blobs = _loads(body)
        if fmt != FORMAT or stored_key != key:
            return None
        return dataclasses.replace(shell, paragraphs=LazyParagraphs(blobs))
    except Exception:
        _discard(path)
        return None


def _discard(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def store(title: str, key: str, book: Any) -> None:
    """Write an entry atomically; a failure to write is not an error (said once, that's all)."""
    if not enabled() or not safe_title(title):
        return
    folder = _trusted_dir(create=True)
    if folder is None:
        return
    import dataclasses
    import pickle

    target = _name(title, key)
    try:
        secret = _secret(folder, create=True)
        if secret is None:
            raise OSError(f"cannot write the key file in {folder}")
        blobs = {pid: pickle.dumps(par, protocol=pickle.HIGHEST_PROTOCOL) for pid, par in book.paragraphs.items()}
        shell = dataclasses.replace(book, paragraphs={})
        body = pickle.dumps((FORMAT, key, shell, blobs), protocol=pickle.HIGHEST_PROTOCOL)
        _write_signed(folder, target, _MAGIC, secret, body)
        for old in os.listdir(folder):
            if old != target and old.startswith(f"{title}-") and old.endswith(".pickle"):
                try:
                    os.unlink(os.path.join(folder, old))
                except FileNotFoundError:
                    pass
    except Exception as exc:  # never an error for the user: the book is compiled already
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
        _warn(f"unwritable:{folder}", f"cannot write the compiled-content cache in {folder} ({detail}); "
              "content is compiled on every command")
