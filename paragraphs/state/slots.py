"""The layout of a version 4 save file: a fixed header and two alternating slots.

A save is overwritten in place, one slot at a time, so that saving after a step costs one
durable write of one file (``fdatasync``) instead of a new file, a rename and a sync of the
folder (three disk commits in a row on ext4). The file stays one JSON document while no
slot is half-written, so a person can still read it (``jq``)::

    {"format": "paragraphs-save", "version": 4, "slot_bytes": C, "slots": [   (HEADER_BYTES)
    {"generation": G, "length": L, "sha256": "...", "save": {...}}   ...spaces\\n   (C bytes)
    ,\\n
    null   ...spaces\\n                                                   (C bytes: a slot never written)
    ]}\\n

Each slot begins with a prefix of fixed width giving the save's generation, the length of
the save record that follows and the SHA-256 of that record's bytes. Loading takes the
complete slot with the highest generation: a slot whose record does not match its length
and checksum (a write cut short by a kill or a power loss, or bytes torn across sectors) is
ignored, and the other slot (the save before it) is used. Only the slot holding the older
save is ever overwritten, so one complete save is always there.

The header and the slot size are written once, when the whole file is written beside the
old one and moved in (:func:`file_bytes`); an in-place write never changes the file's
size, so the blocks it rewrites are already allocated and written: ``fdatasync`` has no
metadata to commit (see :mod:`paragraphs.state.savefile` for the power-loss reasoning).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re

#: The header's size: the first slot begins here.
HEADER_BYTES = 128
_HEADER = '{{"format": "{format}", "version": {version}, "slot_bytes": {capacity}, "slots": ['
_HEADER_RE = re.compile(rb'\{"format": "paragraphs-save", "version": (\d{1,9}), "slot_bytes": (\d{1,12}), "slots": \[ *\n')
#: The slot prefix, of fixed width (numbers are padded with spaces, which JSON allows).
_PREFIX = '{{"generation": {generation:<12d}, "length": {length:<12d}, "sha256": "{sha}", "save": '
PREFIX_BYTES = len(_PREFIX.format(generation=0, length=0, sha="0" * 64))
_PREFIX_RE = re.compile(rb'\{"generation": (\d{1,12}) *, "length": (\d{1,12}) *, "sha256": "([0-9a-f]{64})", "save": ')
_BETWEEN = b",\n"
_END = b"]}\n"
#: A slot's capacity is a multiple of this (a whole number of disk blocks).
BLOCK = 4096


@dataclasses.dataclass(frozen=True)
class Slot:
    """One complete slot: its index (0 or 1), generation and save record (bytes)."""

    index: int
    generation: int
    record: bytes


def is_slot_file(head: bytes) -> bool:
    """Whether ``head`` (the file's first bytes) begins a two-slot save."""
    return _HEADER_RE.match(head) is not None


def header_version(head: bytes) -> int | None:
    found = _HEADER_RE.match(head)
    return int(found.group(1)) if found else None


def capacity_for(record_bytes: int, slack: int) -> int:
    """The slot size for a record of this size with ``slack`` bytes to grow into."""
    need = PREFIX_BYTES + record_bytes + 2 + slack
    return -(-need // BLOCK) * BLOCK


def slot_offset(index: int, capacity: int) -> int:
    return HEADER_BYTES + index * (capacity + len(_BETWEEN))


def file_size(capacity: int) -> int:
    return HEADER_BYTES + 2 * capacity + len(_BETWEEN) + len(_END)


def slot_bytes(record: bytes, generation: int, capacity: int) -> bytes | None:
    """The bytes of a slot holding ``record``, or None when it does not fit ``capacity``."""
    prefix = _PREFIX.format(generation=generation, length=len(record), sha=hashlib.sha256(record).hexdigest()).encode("ascii")
    used = len(prefix) + len(record) + 1
    if used + 1 > capacity:
        return None
    # the rest of the slot is blanked: no bytes of an older, longer save stay behind
    return b"".join((prefix, record, b"}", b" " * (capacity - used - 1), b"\n"))


def empty_slot(capacity: int) -> bytes:
    return b"null" + b" " * (capacity - 5) + b"\n"


def file_bytes(record: bytes, generation: int, capacity: int, *, version: int, format_name: str) -> bytes:
    """A whole save file: the header, ``record`` in slot 0, slot 1 empty."""
    header = _HEADER.format(format=format_name, version=version, capacity=capacity)
    header_bytes = (header.ljust(HEADER_BYTES - 1) + "\n").encode("ascii")
    first = slot_bytes(record, generation, capacity)
    if len(header_bytes) != HEADER_BYTES or first is None:
        raise ValueError("the save record does not fit the slot it was sized for")
    return b"".join((header_bytes, first, _BETWEEN, empty_slot(capacity), _END))


def capacity_of(data: bytes) -> int | None:
    """The slot size a two-slot file's header gives (None: not a two-slot file)."""
    found = _HEADER_RE.match(data)
    if found is None:
        return None
    return int(found.group(2))


def complete_slots(data: bytes) -> list[Slot]:
    """The complete slots of a two-slot file, newest first (checksums checked)."""
    capacity = capacity_of(data)
    if capacity is None:
        return []
    found = [slot for slot in (_read_slot(data, i, capacity) for i in (0, 1)) if slot is not None]
    return sorted(found, key=lambda s: -s.generation)


def _read_slot(data: bytes, index: int, capacity: int) -> Slot | None:
    start = slot_offset(index, capacity)
    region = data[start : start + capacity]
    parsed = parse_prefix(region)
    if parsed is None:
        return None
    generation, length, sha = parsed
    record = region[PREFIX_BYTES : PREFIX_BYTES + length]
    # a record cut short, or one whose bytes are not all from the same write, is not a save
    if len(record) != length or region[PREFIX_BYTES + length : PREFIX_BYTES + length + 1] != b"}":
        return None
    if hashlib.sha256(record).hexdigest() != sha:
        return None
    return Slot(index, generation, record)


def parse_prefix(region: bytes) -> tuple[int, int, str] | None:
    """A slot prefix's generation, record length and checksum (None: no valid prefix)."""
    found = _PREFIX_RE.match(region)
    if found is None or found.end() != PREFIX_BYTES:
        return None
    return int(found.group(1)), int(found.group(2)), found.group(3).decode("ascii")


def read_slot_at(data: bytes, index: int, capacity: int) -> Slot | None:
    """Slot ``index`` of ``data`` if it is complete."""
    return _read_slot(data, index, capacity)
