"""The digests that replace hashlib on the command line's start-up (paragraphs.foundation.digests)."""

from __future__ import annotations

import hashlib

from paragraphs.foundation import digests
from paragraphs.foundation.private_files import sign, signed_by


def test_sha256_is_hashlibs():
    # content hashes are recorded in saves: they must not change with the implementation
    for data in (b"", b"paragraphs", bytes(range(256)) * 40):
        ours = digests.sha256(data[:7])
        ours.update(data[7:])
        assert ours.hexdigest() == hashlib.sha256(data).hexdigest()
        assert ours.digest() == hashlib.sha256(data).digest()


def test_mac_is_keyed_blake2b_and_depends_on_key_and_body():
    key, other = b"k" * 32, b"o" * 32
    mac = digests.mac(key, b"body")
    assert len(mac) == digests.MAC_SIZE == 32
    assert mac == hashlib.blake2b(b"body", key=key, digest_size=32).digest()
    assert mac != digests.mac(other, b"body") and mac != digests.mac(key, b"bodY")


def test_signed_by_accepts_only_the_signature_of_that_body_under_that_key():
    key = b"s" * 32
    signature = sign(key, b"index")
    assert signed_by(key, b"index", signature)
    assert not signed_by(key, b"index!", signature)
    assert not signed_by(b"t" * 32, b"index", signature)
    assert not signed_by(key, b"index", bytes(32))
    assert digests.same(b"abc", b"abc") and not digests.same(b"abc", b"abd")
