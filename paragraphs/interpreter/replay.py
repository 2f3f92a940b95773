"""Undo by replay: restore the nearest checkpoint of the journal, then replay each step
after it with its recorded inputs (answers, dice faces, PRNG position).

A replayed step must end exactly as it did (same paragraphs entered, same PRNG position):
if the content or a plugin changed since, the undo stops with one line and the state is
left as it was. Dice are never re-rolled: seeded steps continue the PRNG stream from the
restored position, and scripted or physical steps are fed the faces they were given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from paragraphs.book.dice import DiceSource, ScriptedDice, SeededDice
from paragraphs.foundation.errors import ParagraphsError, SaveError
from paragraphs.state.core import State

if TYPE_CHECKING:
    from paragraphs.interpreter.engine import Engine


def undo(engine: Engine, state: State, to_step: int | None = None) -> int:
    """Undo ``state`` in place to just before journal step ``to_step``; see
    :meth:`paragraphs.interpreter.engine.Engine.undo`."""
    target = state.undo_target(to_step)
    journal = state.journal
    if target == 1:
        return state.undo(1)
    # Replay up to the state before step `target`, from the nearest checkpoint before
    # step `target - 1`: the new last step then keeps its own snapshot too.
    start = max(i for i in range(target - 1) if "before" in journal[i])
    work = State(**journal[start]["before"])
    last_before: dict[str, Any] | None = None
    for index in range(start, target - 1):
        last_before = work.snapshot()
        work = replay_step(engine, work, journal[index], first=start + 1)
    undone = len(journal) - target + 1
    state.restore(work.snapshot())
    state.truncate_journal(target - 1, last_before)
    return undone


def replay_step(engine: Engine, state: State, entry: Mapping[str, Any], *, first: int = 1) -> State:
    """The state after replaying one journal entry on ``state`` (whose journal is ignored)."""
    step = entry.get("step")
    action = entry.get("action")
    if action == "set":
        new = state.copy(journal=False)
        new.values[str(entry.get("start", "")).removeprefix("set:")] = entry.get("value")
        return new
    if action == "counter":  # a change the player recorded on the sheet (VP earned on the board)
        new = state.copy(journal=False)
        new.add_counter(str(entry["counter"]), int(entry["delta"]), str(entry.get("reason", "")), str(entry.get("paragraph", "")))
        return new
    if action == "drop_hooks":  # a session disarmed hooks the content no longer has
        new = state.copy(journal=False)
        dropped = set(entry.get("hooks") or ())
        new.hooks = [h for h in new.hooks if str(h.get("id")) not in dropped]
        return new
    if action == "extra":  # a setting a front end keeps in the state (the session's dice mode)
        new = state.copy(journal=False)
        new.extra[str(entry["key"])] = entry.get("value")
        return new
    answers = entry.get("answers") or {}
    dice = replay_dice(entry, state)
    try:
        if action == "read":
            result = engine.resolve(str(entry["start"]), state, answers, dice=dice)
        elif action == "event":
            result = engine.fire(str(entry["start"]).removeprefix("event:"), state, answers, dice=dice)
        elif action == "perform":
            result = engine.perform(str(entry["procedure"]), state, answers, args=entry.get("args") or {}, dice=dice)
        else:
            raise SaveError(f"undo: journal step {step} ({action}) cannot be replayed; undo to step {first} or later")
    except SaveError:
        raise
    except (ParagraphsError, KeyError) as exc:
        raise SaveError(f"undo: journal step {step} no longer replays ({exc}); undo to step {first} or later") from None
    exact = result.done and list(result.trail) == list(entry.get("trail", result.trail))
    if exact and "rng" in entry:
        exact = result.state.rng == entry["rng"]
    if not exact:
        raise SaveError(f"undo: journal step {step} does not replay as it was played (the content or a plugin changed); undo to step {first} or later")
    new = result.state
    new.journal = []
    return new


def replay_dice(entry: Mapping[str, Any], state: State) -> DiceSource:
    """The dice that give a step the faces it had."""
    if entry.get("dice") == "seeded":
        rng = state.rng or entry.get("rng") or {}
        return SeededDice(rng.get("seed"))
    return ScriptedDice([int(r["value"]) for r in entry.get("rolls") or ()])
