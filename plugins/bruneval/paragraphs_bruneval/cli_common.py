"""What the plugin's commands share: loading the scenario, finding a policy, printing a journal."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterable
from typing import Any

from paragraphs.errors import UsageError

from paragraphs_bruneval.game.journal import Entry
from paragraphs_bruneval.scenario import Scenario, load_scenario

TITLE = "bruneval"
PHASE_NAMES = {
    "setup": "Set-up",
    "A": "A unexpected events",
    "B": "B boats",
    "C": "C British actions",
    "D": "D alert level",
    "E": "E German actions",
    "F": "F end of turn",
    "G": "G victory",
}
OPTIONAL_RULES = {"commando": "optional rule 18: Commandos aboard the LCAs"}


def scenario_for(args: argparse.Namespace, host: Any) -> Scenario:
    """The scenario with the user's overlays (``--overlay``)."""
    return load_scenario(host, getattr(args, "overlay", []) or [], use_cache=not getattr(args, "no_cache", False))


def policy_factory(host: Any, policy_id: str | None) -> tuple[str, Callable[[], Any]]:
    """The factory of policy ``policy_id`` (``default`` when None) registered for the title.

    Raises:
        UsageError: no such policy.
    """
    wanted = policy_id or "default"
    found = {p.id: p for p in host.records("paragraphs_register_policies", TITLE)}
    if wanted not in found:
        raise UsageError(f"unknown policy {wanted!r} for {TITLE} (policies: {', '.join(sorted(found)) or 'none'})")
    return wanted, found[wanted].factory


def fresh_seed() -> int:
    """A seed for a game the user did not seed (printed, so it can be replayed)."""
    return random.SystemRandom().randrange(1 << 32)


def clock(turn: int, start: str = "00:15", minutes: int = 15) -> str:
    """Rule 1.3: the time at the start of ``turn`` (turn 1 is 00:15)."""
    h, m = (int(x) for x in start.split(":"))
    total = h * 60 + m + (turn - 1) * minutes
    return f"{total // 60 % 24:02d}:{total % 60:02d}"


def journal_lines(entries: Iterable[Entry], *, rolls: bool = True) -> list[str]:
    """The journal as text: a heading per turn, one line per entry, its dice after it."""
    lines: list[str] = []
    turn = None
    for e in entries:
        if e.turn != turn and e.phase != "setup":
            turn = e.turn
            lines.append(f"Turn {e.turn} ({clock(e.turn)})")
        tag = PHASE_NAMES.get(e.phase, e.phase).split(" ")[0]
        lines.append(f"  {tag:5} {e.text}")
        if rolls and e.rolls:
            lines.append("        dice: " + "; ".join(f"{r.die} {r.value} ({r.purpose})" for r in e.rolls))
    return lines
