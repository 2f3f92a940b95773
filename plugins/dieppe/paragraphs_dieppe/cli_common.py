"""What the plugin's commands share: options, the scenario, the policy, the phase names."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from paragraphs.errors import UsageError
from paragraphs_raids.cli import raid_choices

from paragraphs_dieppe.game.state import Options
from paragraphs_dieppe.scenario import Scenario, load_scenario

TITLE = "dieppe"
NAME = "Commando n°4: Dieppe 1942"
PHASE_NAMES = {
    "setup": "Set-up",
    "A": "A unforeseen events",
    "B": "B British actions",
    "C": "C Job Done off",
    "D": "D German actions",
    "E": "E end of turn",
    "F": "F victory",
}


def options_from(args: argparse.Namespace, scenario: Scenario) -> Options:
    """``--optional RULE``, ``--difficulty LEVEL``, ``--no-events``, checked against the content.

    Raises:
        UsageError: an optional rule or level Dieppe does not have.
    """
    choices = raid_choices(args, TITLE, scenario.optional_rules, {k: ", ".join(v) for k, v in scenario.difficulty_levels.items()})
    return Options.from_choices(choices, dict(scenario.difficulty_levels))


def scenario_for(args: argparse.Namespace, host: Any) -> Scenario:
    """The scenario with the user's overlays (``--overlay``)."""
    return load_scenario(host, getattr(args, "overlay", []) or [], use_cache=not getattr(args, "no_cache", False))


def policy_factory(host: Any, policy_id: str | None) -> tuple[str, Callable[[], Any]]:
    """The factory of policy ``policy_id`` (``default`` when None) registered for Dieppe.

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
