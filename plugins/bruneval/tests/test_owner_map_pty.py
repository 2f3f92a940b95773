"""The owner's walk-through (docs/titles/raid-map.md) in a real terminal (a pty), as he meets it.

Each command runs in a pseudo-terminal; the transcript is compared with a golden file in
``golden/owner_map/`` (rewrite with ``PARAGRAPHS_UPDATE_GOLDEN=1`` and read it), and the
tests also assert their point directly, so a golden file rewritten by mistake cannot hide a
regression. ``validate`` is checked but kept out of the golden file: its census of assumed
values moves whenever the title's content does.
"""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pexpect

from paragraphs_raids.pty_play import golden as golden_in

GOLDEN = Path(__file__).parent / "golden" / "owner_map"
BOARD = Path(__file__).parent / "data" / "board.json"


def terminal(tmp_path: Path, *args: str) -> tuple[int, str]:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "paragraphs", *args], env=env, encoding="utf-8", timeout=120, dimensions=(50, 200), cwd=str(tmp_path))
    child.expect(pexpect.EOF)
    child.close()
    text = (child.before or "").replace("\r\n", "\n").replace("\r", "")
    assert "Traceback" not in text, text
    return int(child.exitstatus if child.exitstatus is not None else -1), text


def golden(name: str, text: str) -> None:
    golden_in(GOLDEN, name, text)


def test_9_an_owner_lists_the_ids_writes_the_skeleton_checks_and_draws_his_map(tmp_path) -> None:
    transcript = []
    code, out = terminal(tmp_path, "ids", "bruneval", "--kind", "zones")
    assert code == 0 and out.startswith("Zones of the map (") and "W\tW (Henry), the Würzburg radar (protected) [assumed]" in out
    transcript.append("$ paragraphs ids bruneval --kind zones\n" + out)
    code, out = terminal(tmp_path, "template", "bruneval", "my-bruneval")
    assert code == 0 and "wrote my-bruneval/records.yaml" in out
    transcript.append("$ paragraphs template bruneval my-bruneval\n" + out)
    records = tmp_path / "my-bruneval" / "records.yaml"
    text = records.read_text()
    old = '#   - {id: "W", name: "W (Henry), the Würzburg radar", terrain: "protected", tags: ["wurzburg"], position: {"x": 520, "y": 310}, assumed: null}'
    assert old in text
    # the owner uncomments the zones line and W's record and gives W his map's place
    records.write_text(text.replace("# zones:", "zones:", 1).replace(old, old[2:].replace('"x": 520', '"x": 1400')))
    code, out = terminal(tmp_path, "validate", "bruneval", "--overlay", "my-bruneval")
    assert code == 0 and "bruneval: ok" in out and "BRU005" not in out
    code, out = terminal(tmp_path, "board", "bruneval", "--state", str(BOARD), "--svg", "mine.svg", "--overlay", "my-bruneval")
    assert code == 0 and out.startswith("wrote mine.svg: turn ") and out.count("\n") == 1
    transcript.append("$ paragraphs board bruneval --state board.json --svg mine.svg --overlay my-bruneval\n" + out)
    svg = ET.parse(tmp_path / "mine.svg").getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    xs = {g.get("data-zone"): float(str(g.find("s:circle", ns).get("cx"))) for g in svg.iterfind(".//s:g[@id='zones']/s:g", ns)}  # type: ignore[union-attr]
    assert xs["W"] == max(xs.values())  # W moved to the east edge of his map
    golden("9_owner_map", "\n".join(transcript))


def test_10_board_in_a_terminal_bad_input_is_one_line(tmp_path) -> None:
    (tmp_path / "notes.json").write_text("my notes, not JSON\n")
    code, out = terminal(tmp_path, "board", "bruneval", "--state", "notes.json", "--svg", "x.svg")
    assert code == 2 and out.count("\n") == 1 and out.startswith("paragraphs: error: notes.json:1:1: not JSON")
    assert not (tmp_path / "x.svg").exists()
    golden("10_board_bad_input", "$ paragraphs board bruneval --state notes.json --svg x.svg\n" + out)
