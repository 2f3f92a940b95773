"""Record the golden automatic games the speed work must keep byte for byte.

    .venv/bin/python plugins/bruneval/tests/data/golden/record.py

Run it only on purpose (a rule or ruling that changes games), never to make a test pass:
``test_golden_games.py`` compares today's games with these files. Each case is the
``play bruneval --auto`` command's own output (``--json`` and the text journal), and
``series.json`` holds the VP, level and turns of 300 seeded games played without a journal
(the ``simulate`` path).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent

#: (file stem, play arguments)
CASES = [
    ("seed-1942", ["--seed", "1942"]),
    ("seed-7", ["--seed", "7"]),
    ("seed-31", ["--seed", "31"]),
    ("seed-5-commando", ["--seed", "5", "--optional", "commando"]),
    ("seed-9-no-events", ["--seed", "9", "--no-events"]),
]
SERIES_SEED = 13
SERIES_GAMES = 300


def series() -> list[list[object]]:
    from paragraphs.dice import derive_seed
    from paragraphs_bruneval.game.turn import play_game
    from paragraphs_bruneval.policy import DefaultPolicy
    from paragraphs_bruneval.scenario import load_scenario

    scenario = load_scenario()
    out: list[list[object]] = []
    for i in range(SERIES_GAMES):
        r = play_game(scenario, derive_seed(SERIES_SEED, i), DefaultPolicy(), record=False)
        out.append([r.vp, r.result, r.turns])
    return out


def main() -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    for stem, args in CASES:
        for suffix, extra in ((".json", ["--json"]), (".txt", [])):
            out = subprocess.run([BIN / "paragraphs", "play", "bruneval", "--auto", *args, *extra], capture_output=True, check=True, env=env).stdout
            (HERE / (stem + suffix)).write_bytes(out)
    (HERE / "series.json").write_text(json.dumps(series()) + "\n")


if __name__ == "__main__":
    main()
