"""The sequence of play, sections [5.1] and [6.0]: phases A-H, who acts next, and who may.

A game-turn runs eight phases ([5.1]): A observation, B opportunity fire plot, C
initiative, D hand-to-hand, E non-prepared task execution (men not plotted), F prepared
task execution (plotted men only, [10.75]), G bookkeeping, H game-turn record. In E and F
the sides alternate one man at a time, the side with the initiative first ([6.21],
[6.22]); a side with no man left, or that declines, hands the rest of the phase to the
other ([6.23], [6.41]). Only opportunity fire interrupts a man's tasks ([6.3]).

These are pure functions over plain data (a man is a mapping with the keys the referee
keeps), so the session and the tests share them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

PHASES = ("A", "B", "C", "D", "E", "F", "G", "H")
PHASE_NAMES = {
    "A": "observation",
    "B": "opportunity fire plot",
    "C": "initiative determination",
    "D": "hand-to-hand combat",
    "E": "non-prepared task execution",
    "F": "prepared task execution",
    "G": "bookkeeping",
    "H": "game-turn record",
}
TASK_PHASES = ("E", "F")


def next_phase(phase: str) -> tuple[str, bool]:
    """The phase after ``phase`` and whether a new game-turn begins (after H)."""
    index = PHASES.index(phase)
    if index == len(PHASES) - 1:
        return PHASES[0], True
    return PHASES[index + 1], False


def can_act(man: Mapping[str, Any], phase: str) -> bool:
    """Whether a man may still take his turn at task execution in ``phase``: alive, able
    (not incapacitated), on the map, not held in hand-to-hand combat ([12.0]), not yet
    acted this phase, and plotted for opportunity fire exactly when the phase is F
    ([10.75]). Reinforcements still to come (``reserve``) do not act."""
    if phase not in TASK_PHASES:
        return False
    if man.get("dead") or man.get("incapacitated") or man.get("exited") or man.get("in_melee") or man.get("reserve"):
        return False
    if man.get("acted"):
        return False
    return bool(man.get("plotted")) == (phase == "F")


def side_can_act(men: Iterable[Mapping[str, Any]], side: str, phase: str) -> bool:
    return any(m["side"] == side and can_act(m, phase) for m in men)


def next_to_act(sides: Sequence[str], current: str, men: Sequence[Mapping[str, Any]], phase: str, passed: Iterable[str]) -> str | None:
    """The side whose man acts after a man of ``current`` is done ([6.22], [6.23]): the
    other side if it has a man left and has not passed, else ``current`` on the same
    terms, else nobody (the phase is over)."""
    done = set(passed)
    order = [s for s in sides if s != current] + [current]
    for side in order:
        if side not in done and side_can_act(men, side, phase):
            return side
    return None


def may_opportunity_fire(man: Mapping[str, Any], phase: str) -> bool:
    """[10.7], [6.32]: a plotted man fires opportunity fire once in a turn, in E or F,
    unless he has already executed his tasks (or a routine) in phase F."""
    if phase not in TASK_PHASES or not man.get("plotted") or man.get("opp_fired"):
        return False
    if man.get("dead") or man.get("incapacitated"):
        return False
    return not (phase == "F" and man.get("executed"))
