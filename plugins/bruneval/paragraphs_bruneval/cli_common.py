"""What the plugin's commands share: loading the scenario, finding a policy, printing a journal."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from paragraphs.errors import UsageError

from paragraphs_raids.cli import raid_choices

from paragraphs_bruneval.game.state import Options
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


def options_from(args: argparse.Namespace) -> Options:
    """``--optional commando``, ``--no-events`` (the raid series' words; no levels here).

    Raises:
        UsageError: an optional rule this title does not have, or ``--difficulty``.
    """
    choices = raid_choices(args, TITLE, OPTIONAL_RULES)
    return Options(commando="commando" in choices.optional, events=choices.events)


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
