"""Record digests of 100 whole automatic games the speed work must keep byte for byte.

    .venv/bin/python plugins/bruneval/tests/data/golden/record_journals.py

Run it only on purpose (a rule or ruling that changes games), never to make a test pass.
For 50 seeds, with the default options and with optional rule 18, ``journals.json`` holds
the SHA-256 of the game's whole ``--json`` result (journal entries with their rolls
included) and the VP, level, reasons and turns of the same seed played without a journal
(the ``simulate`` path), so a lazily built journal can be told from a changed game.
``test_golden_journals.py`` compares today's games with it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = range(100, 150)
OPTIONS = {"default": {}, "commando": {"commando": True}}


def digests() -> dict[str, list[object]]:
    from paragraphs_bruneval.game.state import Options
    from paragraphs_bruneval.game.turn import play_game
    from paragraphs_bruneval.policy import DefaultPolicy
    from paragraphs_bruneval.scenario import load_scenario

    scenario = load_scenario()
    out: dict[str, list[object]] = {}
    for name, kwargs in OPTIONS.items():
        options = Options(**kwargs)
        for seed in SEEDS:
            full = play_game(scenario, seed, DefaultPolicy(), options, record=True)
            text = json.dumps(full.to_json(), sort_keys=True, ensure_ascii=False)
            bare = play_game(scenario, seed, DefaultPolicy(), options, record=False)
            out[f"{name}-{seed}"] = [hashlib.sha256(text.encode()).hexdigest(), bare.vp, bare.result, list(bare.reasons), bare.turns]
    return out


def main() -> None:
    rows = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in digests().items()]
    (HERE / "journals.json").write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
