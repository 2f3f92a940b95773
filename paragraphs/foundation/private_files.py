"""The user's private cache folder: where it is, whether to trust it, and signing.

The compiled-content cache (:mod:`paragraphs.pipeline.cache`), the plugin index
(:mod:`paragraphs.pluginhost.index`) and the compiled record methods
(:mod:`paragraphs.foundation.dataclass_code`) keep their files in one folder, made 0700 with files
0600. Before a file is read, the folder and the file must belong to the user and be
writable by nobody else (else it is ignored with one warning, as pip does), and each file
carries a MAC (keyed BLAKE2b) under a per-user key (``key`` in the folder, 0600), checked before a byte
of it is used.

The folder is ``$PARAGRAPHS_CACHE_DIR``, else ``$XDG_CACHE_HOME/paragraphs``, else
``~/.cache/paragraphs``. ``PARAGRAPHS_NO_CACHE=1`` turns all three off.

Inside, folders and files are plain strings (``os.path``): ``pathlib`` (with
``urllib.parse`` and ``ipaddress``, which it imports) costs about 2 ms of a ``paragraphs
read``, which needs none of it. :func:`cache_dir`, the public name, still gives a ``Path``.
"""

from __future__ import annotations

import os
import stat
import sys

# ``typing`` and ``pathlib`` are not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

KEY_FILE = "key"

#: Size of the MAC that follows a signed file's magic line (keyed BLAKE2b).
MAC_SIZE = 32

#: Warnings already given by this process (each problem is said once, not per file).
_warned: set[str] = set()


def cache_dir() -> Path:
    """The cache folder (which may not exist yet)."""
    from pathlib import Path

    return Path(cache_folder())


def cache_folder() -> str:
    """:func:`cache_dir` as a string."""
    explicit = os.environ.get("PARAGRAPHS_CACHE_DIR")
    if explicit:
        return _as_path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return _as_path(os.path.join(base, "paragraphs"))


def _as_path(text: str) -> str:
    """``str(Path(text))``: the folder as messages have always named it (doubled and
    trailing slashes and ``.`` parts dropped; ``..`` kept, as ``pathlib`` keeps it)."""
    if os.name != "posix":
        from pathlib import Path

        return str(Path(text))
    lead = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    return lead + "/".join(part for part in text.split("/") if part not in ("", ".")) or "."


def enabled() -> bool:
    return os.environ.get("PARAGRAPHS_NO_CACHE", "") not in ("1", "true", "yes")


def warn_once(what: str, message: str) -> None:
    if what not in _warned:
        _warned.add(what)
        sys.stderr.write(f"paragraphs: warning: {message}\n")


def unsafe(st: os.stat_result) -> str:
    """Why a folder or file with this status must not be trusted ("" when it may)."""
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return f"it belongs to user id {st.st_uid}, not to you"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"others can write to it (mode {stat.S_IMODE(st.st_mode):04o})"
    return ""


def trusted_dir(create: bool) -> str | None:
    """The cache folder when it is safe to use (made 0700 if ``create``), else None."""
    folder = cache_folder()
    # one key for every warning about the folder: a command looks it up to read, then to
    # write, and a file in its place was once reported twice ("not a folder", "cannot create")
    try:
        if create and not os.path.isdir(folder):
            os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.lstat(folder)
    except OSError as exc:
        if create:
            warn_once(f"cache:{folder}", f"cannot create the compiled-content cache {folder} "
                  f"({exc.strerror or exc}); content is compiled on every command")
        return None
    if not stat.S_ISDIR(st.st_mode):
        warn_once(f"cache:{folder}", f"ignoring the compiled-content cache {folder}: it is not a folder")
        return None
    why = unsafe(st)
    if why:
        warn_once(f"cache:{folder}", f"ignoring the compiled-content cache {folder}: {why}")
        return None
    return folder


def read_private(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of a regular file that this user owns and nobody else can write, else None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        why = unsafe(st)
        if why:
            warn_once(f"unsafe:{path}", f"ignoring the compiled-content cache entry {path}: {why}")
            return None
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read()
    finally:
        if fd >= 0:
            os.close(fd)


def secret(folder: str | os.PathLike[str], create: bool) -> bytes | None:
    """This user's signing key, made on first use (32 random bytes, mode 0600)."""
    path = os.path.join(folder, KEY_FILE)
    key = read_private(path)
    if key is not None and len(key) == 32:
        return key
    if not create:
        return None
    fresh = os.urandom(32)
    try:
        if key is not None or os.path.exists(path):
            os.unlink(path)  # a short or foreign key file: replace it (the folder is ours)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(fresh)
    except OSError:
        return read_private(path) if os.path.exists(path) else None  # another process won the race
    return fresh


def sign(secret: bytes, body: bytes) -> bytes:
    """The MAC of ``body`` under the user's key (keyed BLAKE2b, 32 bytes: see
    :mod:`paragraphs.foundation.digests`, which needs no OpenSSL)."""
    from paragraphs.foundation.digests import mac

    return mac(secret, body)


def signed_by(secret: bytes, body: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is the MAC of ``body`` under the user's key (compared in
    constant time)."""
    from paragraphs.foundation.digests import same

    return same(signature, sign(secret, body))


# Every file kept in the folder has one layout: the owner's magic line (its kind and
# format version), the MAC of the rest under the user's key, then the body.


def signed_body(data: bytes | None, magic: bytes, secret: bytes | None) -> bytes | None:
    """The body of a signed file's bytes when it starts with ``magic`` and its MAC is this
    user's, else None (missing, foreign, damaged or of another kind: the caller rebuilds)."""
    if data is None or secret is None or not data.startswith(magic):
        return None
    mac, body = data[len(magic):len(magic) + MAC_SIZE], data[len(magic) + MAC_SIZE:]
    return body if signed_by(secret, body, mac) else None


def signing_folder() -> tuple[str, bytes] | None:
    """The folder (made 0700 if missing) and this user's key (made on first use) to write
    a signed file with, or None when the folder cannot be trusted or the key written."""
    folder = trusted_dir(create=True)
    if folder is None:
        return None
    key = secret(folder, create=True)
    return None if key is None else (folder, key)


def write_signed(folder: str | os.PathLike[str], name: str, magic: bytes, secret: bytes, body: bytes) -> None:
    """Write ``folder/name`` as a signed file, atomically and 0600 (a temporary file then a
    rename, so a reader never sees half a file). An OSError is the caller's to report."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=_suffix(name))  # mode 0600
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(magic + sign(secret, body) + body)
        os.replace(tmp, os.path.join(folder, name))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _suffix(name: str) -> str:
    """``Path(name).suffix``: the last dot's part of the file name, if not its start."""
    base = os.path.basename(name)
    dot = base.rfind(".")
    return base[dot:] if 0 < dot < len(base) - 1 else ""
