"""SHA-256 digests and the MAC of the private cache files, without loading OpenSSL.

``hashlib`` loads OpenSSL's libcrypto when it is imported (``hmac`` imports ``hashlib``):
about 3 ms, a tenth of what a short command such as ``paragraphs read`` may take in all.
Python also has its own implementations of SHA-256 and BLAKE2 as small built-in modules;
these give the same digests (hashlib falls back to them itself), so the content hashes
that saves record do not change. Where such a module is missing, hashlib is used.
"""

from __future__ import annotations

# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:  # Python's own SHA-256 (``_sha2`` from 3.12, ``_sha256`` before)
    from _sha2 import sha256 as _sha256  # type: ignore[import-not-found]
except ImportError:
    try:
        from _sha256 import sha256 as _sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:
        from hashlib import sha256 as _sha256  # type: ignore[assignment]

try:
    from _blake2 import blake2b as _blake2b  # type: ignore[import-not-found]
except ImportError:
    from hashlib import blake2b as _blake2b  # type: ignore[assignment]

try:  # what hmac.compare_digest is
    from _operator import _compare_digest as _same  # type: ignore[attr-defined]
except ImportError:
    from hmac import compare_digest as _same  # type: ignore[no-redef]

#: Bytes of a :func:`mac`.
MAC_SIZE = 32


def sha256(data: bytes = b"") -> Any:
    """A SHA-256 hash object, as ``hashlib.sha256(data)`` (``update``, ``hexdigest``...)."""
    return _sha256(data)


def mac(key: bytes, body: bytes) -> bytes:
    """The keyed BLAKE2b digest of ``body`` (32 bytes): BLAKE2's own MAC mode, which
    needs no HMAC construction around it."""
    return _blake2b(body, key=key, digest_size=MAC_SIZE).digest()  # type: ignore[no-any-return]


def same(a: bytes, b: bytes) -> bool:
    """Whether two digests are equal, in a time that does not depend on where they differ."""
    return bool(_same(a, b))
