"""Rule 15: the alert level and the events that raise it; rule 4 phase D applies them.

The events (a paratrooper wave, a combat, the boats detected, the boats arriving) and
their increases are content (``alert_events``). Increases noted during a turn are applied
in phase D ("adjust the alert level"), so activation tests during the British actions use
the level on the track at the start of the turn.

Ruling ``alert_groups`` (content ``rulings``): "first group / second group" of
paratroopers is read as the two drop waves of rule 7 (``drop_waves``, the default: Drake
and Nelson on turn 1, Rodney on turn 2), or as the first two of the three named groups to
jump (``groups``: turn 1 then brings +2 and Rodney nothing). A group counts when it jumps,
even into the wrong DZ (rule 15's footnote); a group lost to Flak does not.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState

WAVE: Final = "paratrooper_wave"
COMBAT: Final = "combat"
BOATS_DETECTED: Final = "boats_detected"
BOATS_ARRIVE: Final = "boats_arrive"


def jumps(g: GameState, jumping: list[str]) -> None:
    """Note the alert increase of groups jumping this turn (by the ``alert_groups`` ruling)."""
    if not jumping:
        return
    times = len(jumping) if g.ruling("alert_groups") == "groups" else 1
    for _ in range(times):
        g.alert.happen(WAVE)


def german_allowance(alert: int, table: dict[int, int]) -> int:
    """Movement points of every German unit at this alert level (rules 8.2 and 15:
    0,0,1,1,2,2,3 for levels 0-6, the level halved and rounded down)."""
    return table[alert]


def adjust(g: GameState) -> None:
    """Phase D: apply the increases noted this turn."""
    before = g.alert.level
    applied = g.alert.adjust()
    if not g.journal.enabled:
        return  # (a series keeps no journal: no words to build)
    if applied:
        why = ", ".join(f"+{a} {e.replace('_', ' ')}" for a, e in applied)
        g.log(f"Alert level {before} -> {g.alert.level} ({why}).")
    else:
        g.log(f"Alert level stays at {g.alert.level}.")
