"""The signed-file layout shared by the compiled-content cache, the plugin index and the
compiled record methods (paragraphs.foundation.private_files.write_signed/signed_body)."""

from __future__ import annotations

import os

import pytest

from paragraphs.foundation import private_files as private

KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))


def test_a_signed_file_gives_back_its_body_only_to_its_key_and_magic(tmp_path):
    private.write_signed(tmp_path, "entry.bin", b"MAGIC1\n", KEY, b"the body")
    data = (tmp_path / "entry.bin").read_bytes()
    assert private.signed_body(data, b"MAGIC1\n", KEY) == b"the body"
    assert private.signed_body(data, b"MAGIC2\n", KEY) is None  # another kind or format
    assert private.signed_body(data, b"MAGIC1\n", OTHER_KEY) is None  # another user's key
    assert private.signed_body(data, b"MAGIC1\n", None) is None  # no key yet
    assert private.signed_body(None, b"MAGIC1\n", KEY) is None  # no file


@pytest.mark.parametrize("damage", ["flip a body byte", "flip a MAC byte", "cut short", "add a byte"])
def test_a_damaged_signed_file_is_refused(tmp_path, damage):
    private.write_signed(tmp_path, "entry.bin", b"M\n", KEY, b"0123456789")
    data = bytearray((tmp_path / "entry.bin").read_bytes())
    if damage == "flip a body byte":
        data[-1] ^= 1
    elif damage == "flip a MAC byte":
        data[3] ^= 1
    elif damage == "cut short":
        del data[-1]
    else:
        data += b"x"
    assert private.signed_body(bytes(data), b"M\n", KEY) is None


def test_writing_is_atomic_private_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    private.write_signed(tmp_path, "entry.json", b"M\n", KEY, b"first")
    assert oct((tmp_path / "entry.json").stat().st_mode & 0o777) == "0o600"

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        private.write_signed(tmp_path, "entry.json", b"M\n", KEY, b"second")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry.json"]  # the temporary file is gone
    assert private.signed_body((tmp_path / "entry.json").read_bytes(), b"M\n", KEY) == b"first"


def test_a_file_in_place_of_the_cache_folder_is_said_once(tmp_path, capsys, monkeypatch):
    # found by the eyes pass: PARAGRAPHS_CACHE_DIR naming a file gave two warnings, "ignoring
    # the compiled-content cache X: it is not a folder" then "cannot create ... (File exists)"
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(blocker))
    monkeypatch.setattr(private, "_warned", set())
    assert private.trusted_dir(create=False) is None and private.trusted_dir(create=True) is None
    warnings = capsys.readouterr().err.splitlines()
    assert warnings == [f"paragraphs: warning: ignoring the compiled-content cache {blocker}: it is not a folder"], warnings
