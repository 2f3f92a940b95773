"""Saves never lose a game, and a save is checked before it is trusted (issue 10, items 1-2).

Kills at every write step, a full disk, read-only files, FIFOs, a folder where the backup
goes, two commands writing one save, and tampered saves: each ends in one line, and every
file left on disk loads.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from paragraphs.errors import SaveError
from paragraphs.state import SaveBusy, SaveMissing, State, hold_save, load_state, save_exists, save_state
from paragraphs.state import slots
from paragraphs.state.savefile import check_file_writable, read_save_record, write_file_atomic


def game(steps: int = 2) -> State:
    s = State(title="t", content_hash="abc")
    s.rng = {"seed": 3, "position": 0}
    for i in range(steps):
        advance(s, i)
    return s


def advance(s: State, i: int) -> None:
    before = s.snapshot()
    s.add_counter("vp", 1, f"step {i}")
    s.record({"action": "title-own", "start": str(i)}, before)


def edit_record(path: Path, change) -> None:
    """Change the newest save in ``path`` as a writer who knows the format would: the slot
    is written back in place (same size) with a checksum that matches."""
    data = path.read_bytes()
    newest = slots.complete_slots(data)[0]
    record = json.loads(newest.record)
    change(record)
    capacity = slots.capacity_of(data)
    generation = record["generation"] if type(record.get("generation")) is int else newest.generation
    new = slots.slot_bytes(json.dumps(record).encode(), generation, capacity)
    offset = slots.slot_offset(newest.index, capacity)
    with open(path, "r+b") as fh:
        fh.seek(offset)
        fh.write(new)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --------------------------------------------------------------------------- kills

KILLER = textwrap.dedent(
    """
    import os, sys
    from paragraphs.state import load_state, save_state
    path, kill_at, whole = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "whole"
    calls = [0]
    def deadly(name, real):
        def call(*args, **kwargs):
            calls[0] += 1
            if calls[0] == kill_at:
                if name in ("write", "pwrite"):  # killed in the middle of the write: half of it lands
                    data = bytes(args[1])
                    real(args[0], data[: len(data) // 2], *args[2:])
                os._exit(9)  # a kill: no cleanup, no finally
            return real(*args, **kwargs)
        return call
    state = load_state(path)
    if whole:  # an undo before the step: the save is rewritten whole, its journal afresh
        state.undo()
        for label in ("redo", "k"):
            before = state.snapshot()
            state.add_counter("vp", 1, "the step being saved")
            state.record({"action": "title-own", "start": label}, before)
    else:  # one more step: the save goes in place, into the other slot
        before = state.snapshot()
        state.add_counter("vp", 1, "the step being saved")
        state.record({"action": "title-own", "start": "k"}, before)
    for name in ("replace", "link", "fsync", "fdatasync", "write", "pwrite", "pread", "ftruncate", "open"):
        setattr(os, name, deadly(name, getattr(os, name)))
    save_state(state, path)
    sys.exit(0)
    """
)


@pytest.mark.parametrize("how, calls", [("in place", 5), ("whole", 8)])
def test_a_kill_at_any_write_step_leaves_every_file_loadable_and_never_a_new_game(tmp_path, how, calls):
    path = tmp_path / "game.json"
    save_state(game(2), path)
    save_state(load_state(path), path)  # a .bak exists too
    kill_at = 1
    while True:
        run = subprocess.run([sys.executable, "-c", KILLER, str(path), str(kill_at), how.split()[0]], capture_output=True, text=True, timeout=60)
        assert run.returncode in (0, 9), run.stderr
        assert save_exists(path), f"kill at call {kill_at}: the save is gone"
        loaded = load_state(path)
        assert len(loaded.journal) in (2, 3) and loaded.counters["vp"] == len(loaded.journal)
        if run.returncode == 0:
            assert len(loaded.journal) == 3 and loaded.journal[-1]["start"] == "k"
        backup = path.with_name(path.name + ".bak")
        assert backup.exists() and len(load_state(backup).journal) in (2, 3)
        # the next command goes on from what is there and cleans up after the killed one
        save_state(loaded, path)
        assert leftovers(tmp_path) == []
        assert load_state(path).counters == loaded.counters
        save_state(game(2), path)  # back to the starting point (a new game over it)
        save_state(load_state(path), path)
        if run.returncode == 0:
            break
        kill_at += 1
    # every step of the write was tried: in place, the open, the two prefixes read back, the
    # slot and its sync; whole, the journal, the file, the backup, the rename and the folder
    assert kill_at > calls


SAVER = textwrap.dedent(
    """
    import sys
    from paragraphs.state import load_state, save_state
    path = sys.argv[1]
    state = load_state(path)
    print("ready", flush=True)
    while True:
        before = state.snapshot()
        state.add_counter("vp", 1, "one more")
        state.record({"action": "title-own", "start": str(len(state.journal))}, before)
        save_state(state, path)
    """
)


def test_a_process_killed_at_random_instants_while_saving_leaves_every_save_loadable(tmp_path):
    # SIGKILL at whatever instant the clock gives, over in-place saves and whole rewrites
    # (every 33 steps): the save and its backup always load, each a whole number of steps.
    import random
    import signal
    import time

    path = tmp_path / "game.json"
    save_state(game(2), path)
    save_state(load_state(path), path)
    chance = random.Random(9)
    reached = 2
    for _ in range(8):
        saver = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], stdout=subprocess.PIPE, text=True)
        assert saver.stdout is not None and saver.stdout.readline().strip() == "ready"
        time.sleep(chance.uniform(0.0, 0.15))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        saver.stdout.close()
        loaded = load_state(path)
        assert len(loaded.journal) >= reached and loaded.counters["vp"] == len(loaded.journal)
        assert [e["step"] for e in loaded.journal] == list(range(1, len(loaded.journal) + 1))
        backup = load_state(path.with_name(path.name + ".bak"))
        assert backup.counters["vp"] == len(backup.journal) <= len(loaded.journal)
        reached = len(loaded.journal)
    assert reached > 2


def test_the_save_is_never_absent_while_the_backup_is_made(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save_state(game(1), path)
    seen = []
    real = os.replace

    def watch(src, dst, *a, **k):
        seen.append(path.exists())
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", watch)
    save_state(game(2), path)
    assert seen and all(seen)


def test_a_missing_save_with_a_backup_is_never_a_new_game(tmp_path, capsys):
    from paragraphs.cli import main

    path = tmp_path / "s.json"
    assert main(["read", "sample", "2", "--state", str(path), "--seed", "1", "--answer", "storm=2"]) == 0
    assert main(["read", "sample", "2", "--state", str(path), "--answer", "storm=2"]) == 0
    path.unlink()
    with pytest.raises(SaveMissing) as err:
        load_state(path)
    assert "s.json.bak" in str(err.value) and "rename" in str(err.value)
    capsys.readouterr()
    code = main(["read", "sample", "2", "--state", str(path), "--answer", "storm=2"])
    out = capsys.readouterr()
    assert code != 0 and not path.exists()
    assert "s.json.bak" in out.err and len(out.err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- two writers

WRITER = textwrap.dedent(
    """
    import sys
    from paragraphs.state import hold_save, load_state, save_state
    path, n = sys.argv[1], int(sys.argv[2])
    for i in range(n):
        with hold_save(path, wait=30):
            s = load_state(path)
            before = s.snapshot()
            s.add_counter("n", 1, "one more")
            s.record({"action": "title-own", "start": str(i)}, before)
            save_state(s, path)
    """
)


def test_two_commands_writing_one_save_lose_no_update(tmp_path):
    path = tmp_path / "game.json"
    save_state(game(1), path)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), "25"]) for _ in range(2)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    final = load_state(path)
    assert final.counters["n"] == 50 and len(final.journal) == 51


def test_two_read_commands_on_one_save_lose_no_step(tmp_path):
    path = tmp_path / "s.json"
    loop = "for i in range(6):\n    assert main(['read', 'sample', '2', '--state', sys.argv[1], '--answer', 'storm=2', '--answer', 'tam_post=gallery']) == 0\n"
    script = "import sys\nfrom paragraphs.cli import main\n" + loop
    procs = [subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.DEVNULL) for _ in range(2)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0]
    assert len(load_state(path).journal) == 12


def test_a_save_changed_since_it_was_loaded_is_not_overwritten(tmp_path):
    path = tmp_path / "game.json"
    save_state(game(1), path)
    first, second = load_state(path), load_state(path)
    advance(first, 1)
    save_state(first, path)
    advance(second, 1)
    with pytest.raises(SaveError, match="changed since it was loaded"):
        save_state(second, path)
    assert load_state(path).journal[-1]["start"] == first.journal[-1]["start"]


def test_a_save_edited_in_place_since_this_state_saved_it_is_not_overwritten(tmp_path):
    # The next save trusts its own last write without reading it back only while the
    # file is exactly as it left it: an edit in place (same inode, same size) is noticed.
    path = tmp_path / "game.json"
    state = game(1)
    save_state(state, path)
    save_state(state, path)
    assert read_save_record(path)["generation"] == 2
    size = path.stat().st_size
    edit_record(path, lambda record: record.update(generation=7))
    assert path.stat().st_size == size and read_save_record(path)["generation"] == 7
    advance(state, 1)
    with pytest.raises(SaveError, match="changed since it was loaded"):
        save_state(state, path)


def test_journal_and_file_are_on_disk_before_the_file_is_moved_in(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    state = game(1)
    save_state(state, path)
    events: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else str(fd)))
        return real_fsync(fd)

    def replace(src, dst, *a, **k):
        events.append(("replace", os.path.basename(dst)))
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    advance(state, 1)
    save_state(state, path)
    moved_in = events.index(("replace", "game.json"))
    synced_before = {os.path.basename(p) for kind, p in events[:moved_in] if kind == "fsync"}
    if os.path.exists("/proc/self/fd"):
        assert any(n.endswith(".journal") for n in synced_before) and any(n.endswith(".tmp") for n in synced_before)
        assert events[moved_in + 1:] == [("fsync", str(tmp_path))]  # the folder, after the rename
    assert [kind for kind, _ in events].count("fsync") == 3


def test_a_busy_save_is_one_line(tmp_path):
    path = tmp_path / "game.json"
    save_state(game(1), path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom paragraphs.state import hold_save\nwith hold_save(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(30)\n", str(path)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(SaveBusy) as err:
            with hold_save(path, wait=0.2):
                pass
        assert "another paragraphs command" in str(err.value) and "\n" not in str(err.value)
    finally:
        holder.kill()
        holder.wait()
    with hold_save(path, wait=5):  # released when its holder dies
        pass


# --------------------------------------------------------------------------- hostile places


def test_a_failing_json_command_writes_no_save(tmp_path, monkeypatch, capsys):
    from paragraphs.cli import main
    from paragraphs.engine import Resolution

    path = tmp_path / "s.json"
    assert main(["read", "sample", "2", "--state", str(path), "--seed", "1", "--answer", "storm=2"]) == 0
    before = path.read_bytes()

    def broken(self, tracks=()):
        raise SaveError("the output could not be built")

    monkeypatch.setattr(Resolution, "to_json", broken)
    assert main(["read", "sample", "2", "--state", str(path), "--json", "--answer", "storm=2"]) != 0
    assert path.read_bytes() == before


def test_a_full_disk_loses_nothing(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save_state(game(2), path)
    before = path.read_bytes()
    real = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    bigger = load_state(path)
    advance(bigger, 2)
    with pytest.raises(SaveError, match="disk is full") as err:
        save_state(bigger, path)
    assert "\n" not in str(err.value)
    monkeypatch.setattr(os, "write", real)
    assert path.read_bytes() == before and len(load_state(path).journal) == 2
    assert leftovers(tmp_path) == []


def test_a_full_disk_while_writing_the_file_itself_loses_nothing(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save_state(game(2), path)
    before = path.read_bytes()
    real = os.fsync
    calls = [0]

    def full(fd):
        calls[0] += 1
        if calls[0] == 2:  # the journal synced; the new save file is not
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)

    monkeypatch.setattr(os, "fsync", full)
    bigger = load_state(path)
    advance(bigger, 2)
    with pytest.raises(SaveError, match="disk is full"):
        save_state(bigger, path)
    assert path.read_bytes() == before and leftovers(tmp_path) == []


def test_a_read_only_save_or_folder_is_one_line(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save_state(game(1), path)
    before = path.read_bytes()
    real = os.access
    # (tests may run as root, who may write anything: ask the check as a user would)
    monkeypatch.setattr(os, "access", lambda p, mode, **k: False if Path(p) == path else real(p, mode, **k))
    with pytest.raises(SaveError, match="read-only"):
        save_state(game(2), path)
    monkeypatch.setattr(os, "access", lambda p, mode, **k: False if Path(p) == tmp_path else real(p, mode, **k))
    with pytest.raises(SaveError, match="folder .* is read-only"):
        save_state(game(2), path)
    assert path.read_bytes() == before


def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        load_state(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        save_state(game(1), fifo)


def test_a_backup_that_is_a_folder_is_one_line_and_the_save_stays(tmp_path):
    path = tmp_path / "game.json"
    save_state(game(1), path)
    before = path.read_bytes()
    (tmp_path / "game.json.bak").mkdir()
    with pytest.raises(SaveError, match="game.json.bak is not a regular file"):
        save_state(game(2), path)
    assert path.read_bytes() == before


def test_state_data_that_is_not_json_writes_nothing(tmp_path):
    path = tmp_path / "game.json"
    s = game(1)
    s.extra["board"] = {1, 2}
    with pytest.raises(SaveError, match="not JSON"):
        save_state(s, path)
    assert list(tmp_path.iterdir()) == []


def test_write_file_atomic_keeps_the_previous_file(tmp_path):
    path = tmp_path / "board.json"
    write_file_atomic(path, "one\n")
    write_file_atomic(path, "two\n")
    assert path.read_text() == "two\n" and (tmp_path / "board.json.bak").read_text() == "one\n"
    (tmp_path / "d").mkdir()
    with pytest.raises(SaveError, match="not a regular file"):
        write_file_atomic(tmp_path / "d", "x")


# --------------------------------------------------------------------------- tampered saves


def _tamper(path: Path, change) -> None:
    edit_record(path, change)


TAMPERED = [
    ("version true", lambda d: d.update(version=True), "version"),
    ("version text", lambda d: d.update(version="3"), "version"),
    ("state not an object", lambda d: d.update(state=[]), "state"),
    ("counters as a list", lambda d: d["state"].update(counters=[1, 2]), "state.counters"),
    ("a counter that is a boolean", lambda d: d["state"]["counters"].update(vp=True), "state.counters.vp"),
    ("negative read count", lambda d: d["state"].update(read_counts={"12": -1}), "state.read_counts.12"),
    ("seed as text", lambda d: d["state"].update(rng={"seed": "x", "position": 1}), "state.rng"),
    ("PRNG without position", lambda d: d["state"].update(rng={"seed": 1}), "state.rng"),
    ("negative PRNG position", lambda d: d["state"].update(rng={"seed": 1, "position": -4}), "state.rng"),
    ("sightings as a list", lambda d: d["state"].update(sightings=["a"]), "state.sightings"),
    ("a sighting that is text", lambda d: d["state"].update(sightings={"a": "b"}), "state.sightings.a"),
    ("a hook without its event", lambda d: d["state"].update(hooks=[{"id": "h", "paragraph": "1"}]), "state.hooks.0"),
    ("a hook armed twice", lambda d: d["state"].update(hooks=[{"id": "h", "event": "e", "paragraph": "1"}] * 2), "state.hooks"),
    ("a note without text", lambda d: d["state"].update(notes=[{"id": "n"}]), "state.notes.0"),
    ("an unknown state field", lambda d: d["state"].update(surprise=1), "state"),
    ("a journal past its file", lambda d: d["journal"].update(size=d["journal"]["size"] + 10), "shorter"),
    ("a journal with more entries", lambda d: d["journal"].update(entries=9), "entries"),
    ("a journal outside the folder", lambda d: d["journal"].update(file="../x.journal"), "journal.file"),
    ("a generation that is text", lambda d: d.update(generation="7"), "generation"),
]


@pytest.mark.parametrize("what, change, names", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_tampered_save_is_refused_in_one_line_naming_the_field(tmp_path, what, change, names):
    path = tmp_path / "game.json"
    save_state(game(3), path)
    _tamper(path, change)
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load_state(path)
    assert names in str(err.value) and "\n" not in str(err.value)
    assert path.read_bytes() == before


def test_a_changed_journal_line_is_refused(tmp_path):
    path = tmp_path / "game.json"
    save_state(game(3), path)
    journal = next(tmp_path.glob("game.json.*.journal"))
    journal.write_bytes(journal.read_bytes().replace(b'"step 1"', b'"step X"'))
    with pytest.raises(SaveError, match="does not match the save"):
        load_state(path)


def test_a_missing_journal_is_one_line(tmp_path):
    path = tmp_path / "game.json"
    save_state(game(3), path)
    next(tmp_path.glob("game.json.*.journal")).unlink()
    with pytest.raises(SaveError, match="journal .* is missing"):
        load_state(path)


def test_a_version_true_save_is_not_migrated(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "paragraphs-save", "version": True, "state": {"title": "t", "sightings": {}, "counters": {}}}))
    with pytest.raises(SaveError, match="'version' is not a whole number"):
        load_state(path)


def test_the_content_hash_does_not_depend_on_file_times():
    import paragraphs
    from paragraphs.plugins import make_plugin_manager

    first = paragraphs.open_title("sample", host=make_plugin_manager()).book.content_hash
    engine_file = Path(paragraphs.__file__).parent / "interpreter" / "engine.py"
    stat = engine_file.stat()
    try:
        os.utime(engine_file, (stat.st_atime, stat.st_mtime + 100))
        again = paragraphs.open_title("sample", host=make_plugin_manager()).book.content_hash
    finally:
        os.utime(engine_file, (stat.st_atime, stat.st_mtime))
    assert again == first


# --------------------------------------------------------------------------- two slots (format 4)


def saved_game(tmp_path: Path, steps: int) -> tuple[Path, State]:
    """A game saved after each of ``steps`` steps: whole twice (the backup), then in place."""
    path = tmp_path / "game.json"
    state = game(0)
    save_state(state, path)
    for i in range(steps):
        advance(state, i)
        save_state(state, path)
    return path, state


def next_slot(path: Path, state: State) -> tuple[int, bytes]:
    """Where the next in-place save of ``state`` (one more step) would go, and its bytes:
    made by saving a copy of the file, so the real file is left as it is."""
    import shutil

    data = path.read_bytes()
    capacity = slots.capacity_of(data)
    target = slots.complete_slots(data)[0].index ^ 1
    copy = path.with_name("copy.json")
    shutil.copyfile(path, copy)
    shutil.copyfile(path.with_name(path.name + ".bak"), copy.with_name("copy.json.bak"))
    twin = load_state(path)
    advance(twin, 99)
    twin.saved_as = None
    loaded = load_state(copy)
    loaded.journal, loaded.counters = twin.journal, twin.counters
    save_state(loaded, copy)
    new = copy.read_bytes()
    start = slots.slot_offset(target, capacity)
    assert slots.complete_slots(new)[0].index == target and len(new) == len(data)
    for name in ("copy.json", "copy.json.bak"):
        path.with_name(name).unlink()
    return start, new[start : start + capacity]


def test_a_save_in_place_is_one_sync_of_one_file_and_the_file_keeps_its_size_and_inode(tmp_path, monkeypatch):
    path, state = saved_game(tmp_path, 3)
    before = path.stat()
    events: list[str] = []
    for name in ("fsync", "fdatasync", "replace", "link", "rename"):
        real = getattr(os, name)
        monkeypatch.setattr(os, name, lambda *a, _n=name, _r=real, **k: (events.append(_n), _r(*a, **k))[1])
    advance(state, 3)
    save_state(state, path)
    assert events == ["fdatasync"]
    after = path.stat()
    assert (after.st_ino, after.st_size) == (before.st_ino, before.st_size)
    assert len(load_state(path).journal) == 4 and len(read_save_record(path)["journal"]["tail"]) == 3


def test_a_slot_cut_short_or_torn_is_ignored_and_the_previous_save_loads(tmp_path):
    # What a kill or a power loss can leave of an in-place write: the slot being written
    # with only its first bytes new, or any mix of old and new 512-byte sectors. The other
    # slot holds the save before: loading gives it, and the next save writes over the torn one.
    path, state = saved_game(tmp_path, 4)
    start, new = next_slot(path, state)
    original = path.read_bytes()
    old = original[start : start + len(new)]
    sector = 512
    count = len(new) // sector
    mixes = {
        "first half": [i < count // 2 for i in range(count)],
        "first sector": [i == 0 for i in range(count)],
        "all but the first sector": [i > 0 for i in range(count)],
        "every other sector": [i % 2 == 0 for i in range(count)],
        "all but the last sector": [i < count - 1 for i in range(count)],
        "all but the second sector": [i != 1 for i in range(count)],
    }
    # the bytes of the new record all there is the next save, whole (the rest of the slot
    # is padding); any of them old is a torn save
    record_end = slots.PREFIX_BYTES + slots.parse_prefix(new)[1] + 1
    for what, mask in mixes.items():
        mixed = b"".join((new if take else old)[i * sector : (i + 1) * sector] for i, take in enumerate(mask)) + new[count * sector :]
        path.write_bytes(original[:start] + mixed + original[start + len(new) :])
        loaded = load_state(path)
        whole = mixed[:record_end] == new[:record_end]
        assert len(loaded.journal) == 4 + whole and loaded.counters["vp"] == 4 + whole, what
        loaded = load_state(path)
        if whole:
            continue
        advance(loaded, 4)
        save_state(loaded, path)  # the save goes on over the torn slot: not taken for a newer save
        assert load_state(path).counters["vp"] == 5, what
    path.write_bytes(original[:start] + new + original[start + len(new) :])
    assert load_state(path).counters["vp"] == 5  # the whole write is the next save
    # a file cut short in its second slot (a copy, say): the first slot's save loads
    capacity = slots.capacity_of(original)
    second = slots.slot_offset(1, capacity)
    path.write_bytes(original[: second + slots.PREFIX_BYTES + slots.parse_prefix(original[second:])[1] // 2])
    first = json.loads(slots.read_slot_at(original, 0, capacity).record)
    assert load_state(path).counters["vp"] == first["state"]["counters"]["vp"] == 3


def test_a_file_with_no_complete_slot_is_refused_in_one_line(tmp_path):
    path, _ = saved_game(tmp_path, 2)
    data = bytearray(path.read_bytes())
    for found in slots.complete_slots(bytes(data)):
        data[slots.slot_offset(found.index, slots.capacity_of(bytes(data))) + slots.PREFIX_BYTES + 10] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(SaveError, match="neither of its two slots") as err:
        load_state(path)
    assert "\n" not in str(err.value)


def test_another_command_s_save_is_seen_even_when_the_file_times_cannot_tell(tmp_path, monkeypatch):
    # In-place writes keep the inode and the size, and file times tick coarsely: the slot
    # prefixes read back before writing still show a newer save by another command.
    import paragraphs.state.savefile as savefile

    path, _ = saved_game(tmp_path, 2)
    first, second = load_state(path), load_state(path)
    monkeypatch.setattr(savefile, "_file_identity", lambda p: first.saved_as.identity)
    advance(first, 2)
    save_state(first, path)
    advance(second, 2)
    advance(second, 3)
    with pytest.raises(SaveError, match="changed since it was loaded"):
        save_state(second, path)
    assert load_state(path).counters == first.counters == {"vp": 3}


def test_a_version_3_save_is_migrated_and_its_first_save_keeps_it_as_the_backup(tmp_path):
    from paragraphs.state.core import is_checkpoint
    from paragraphs.state.savefile import chain_hash

    state = game(3)
    # as version 3 wrote them: the state before a step only on checkpoints (the first step)
    lines = [(json.dumps(e if is_checkpoint(e) else {k: v for k, v in e.items() if k != "before"}, sort_keys=True) + "\n").encode() for e in state.journal]
    chain = ""
    for line in lines:
        chain = chain_hash(chain, line)
    (tmp_path / "game.json.0a1b2c3d.journal").write_bytes(b"".join(lines))
    head = {
        "format": "paragraphs-save",
        "version": 3,
        "library": "0.9",
        "title": "t",
        "content_hash": "abc",
        "generation": 5,
        "journal": {"file": "game.json.0a1b2c3d.journal", "entries": 3, "size": sum(map(len, lines)), "chain": chain, "last_before": state.journal[-1]["before"]},
        "state": {k: v for k, v in state.to_json().items() if k != "journal"},
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(head) + "\n")
    old_text = path.read_text()
    loaded = load_state(path)
    assert loaded.to_json() == state.to_json()
    loaded.undo()
    assert loaded.counters["vp"] == 2 and len(loaded.journal) == 2
    loaded = load_state(path)
    advance(loaded, 3)
    save_state(loaded, path)
    assert json.loads(path.read_text())["version"] == 4 and read_save_record(path)["generation"] == 6
    assert path.with_name("game.json.bak").read_text() == old_text  # the old file, kept as it was
    assert load_state(path.with_name("game.json.bak")).to_json() == state.to_json()
    assert load_state(path).to_json() == loaded.to_json()


def test_checking_that_a_file_can_be_written_leaves_nothing_behind(tmp_path: Path) -> None:
    kept = tmp_path / "kept.svg"
    kept.write_text("old picture", encoding="utf-8")
    check_file_writable(kept)  # an existing file: untouched
    check_file_writable(tmp_path / "new.svg")  # a new one: not created (no empty file)
    check_file_writable(tmp_path / "a" / "b" / "new.svg")  # folders still to make: probed where they start
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.svg"] and kept.read_text(encoding="utf-8") == "old picture"
    (tmp_path / "folder.svg").mkdir()
    for path, why in [(tmp_path / "folder.svg", "it is not a regular file"), (kept / "x.svg", f"{kept} is not a folder"), (Path("/proc/x.svg"), "No such file or directory")]:
        with pytest.raises(SaveError) as info:
            check_file_writable(path, "the picture")
        assert str(info.value) == f"{path}: cannot write the picture: {why}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.svg", "kept.svg"]
