"""Grenades and explosives passed in an exchange of weapons: [11.14] lets any number of
grenades, prepared or not, change hands for the exchange weapons task, and [11.71] lets
an explosive pass the same way, one a man at most.

The record counts a man's grenades by kind: the twelve of each kind of [11.0] (none for a
side the scenario gives none; [39.43]'s Ugandans carry theirs but never prepare one),
less ``grenades_used`` (those he prepared), plus ``grenades_passed`` (received less
given). A prepared grenade he holds is ``grenade`` (and ``more_grenades``, [11.13]); it
passes as it is and may be thrown at once ([11.23]). An explosive is a charge of the
game's ``charges`` whose ``holder`` is the man; only a charge he carries (not one being
set) passes.

In the words of ``exchange``: ``fragmentation:3`` (``fragmentation`` alone is one),
``smoke:2``, ``prepared_grenade``, ``explosive``.

Two munitions of the book are not on the record, so an exchange refuses them in one line
that says why: illumination grenades, which a man carries only where the scenario says
([11.0]) and no scenario of the book does (the optional rule's ``light grenade`` records
one going up, [34.2], without a thrower's count), and satchel charges, an optional rule
([25.0]) dealt out only by a scenario that says so ([25.11]) and not played by the
referee.
"""

from __future__ import annotations

from typing import Any

from paragraphs.errors import ParagraphsError

#: [11.0]: unless the scenario says otherwise, a man carries twelve of each kind.
GRENADES_EACH = 12
KINDS = ("fragmentation", "smoke")
EXPLOSIVE = "explosive"
PREPARED = "prepared_grenade"


#: Munitions the record does not hold, by the word an exchange may name them with, and why.
UNTRACKED = {
    "illumination": "illumination grenades are carried only where a scenario says so ([11.0]) and no scenario of the book does; `light grenade` records one going up ([34.2])",
    "satchel_charge": "satchel charges ([25.0]) are an optional rule the referee does not play: a scenario deals them out ([25.11]) and the players keep them off the record",
}
UNTRACKED["satchel"] = UNTRACKED["satchel_charge"]


def refuse_untracked(words: list[str]) -> None:
    """One line for a munition the record does not hold, before anything changes."""
    for word in words:
        name = word.partition(":")[0]
        if name in UNTRACKED:
            raise ParagraphsError(f"exchange: {word!r} is not passed: {UNTRACKED[name]}")


def is_munition(word: str) -> bool:
    """Whether an exchange word names grenades or an explosive rather than a weapon."""
    return word in (EXPLOSIVE, PREPARED) or word.split(":", 1)[0] in KINDS


def parse(word: str) -> tuple[str, int]:
    """``fragmentation:3`` -> ("fragmentation", 3); a word without a count is one."""
    name, _, count = word.partition(":")
    if not count:
        return name, 1
    if name not in KINDS or not count.isdigit() or int(count) < 1:
        raise ParagraphsError(f"exchange: {word!r} is not <kind>:<number> of grenades (fragmentation:2, smoke:1)")
    return name, int(count)


def side_carries(game: dict[str, Any], man: dict[str, Any]) -> bool:
    """Whether the man's side was issued grenades ([11.0]; none in scenario 42)."""
    side = game["sides"][man["side"]]
    return bool(side.get("grenades_carried", side.get("grenades", True)))


def grenades_of(game: dict[str, Any], man: dict[str, Any], kind: str) -> int:
    """How many grenades of ``kind`` the man carries, not counting a prepared one."""
    base = GRENADES_EACH if side_carries(game, man) else 0
    used = int((man.get("grenades_used") or {}).get(kind, 0))
    passed = int((man.get("grenades_passed") or {}).get(kind, 0))
    return base - used + passed


def _held(man: dict[str, Any]) -> list[str]:
    return [man["grenade"], *(man.get("more_grenades") or ())] if man.get("grenade") else []


def _charge(game: dict[str, Any], man_id: str) -> dict[str, Any] | None:
    for c in game.get("charges") or ():
        if c["holder"] == man_id:
            return c  # type: ignore[no-any-return]
    return None


def check(game: dict[str, Any], giver_id: str, giver: dict[str, Any], receiver_id: str, words: list[str]) -> None:
    """Refuse, before anything changes, what ``giver`` cannot hand to ``receiver``."""
    counts: dict[str, int] = {}
    for word in words:
        name, n = parse(word)
        counts[name] = counts.get(name, 0) + n
    for kind in KINDS:
        if counts.get(kind) and counts[kind] > grenades_of(game, giver, kind):
            raise ParagraphsError(f"{giver_id} carries {grenades_of(game, giver, kind)} {kind} grenades, not {counts[kind]} ([11.0], [11.14])")
    if counts.get(PREPARED) and not _held(giver):
        raise ParagraphsError(f"{giver_id} holds no prepared grenade ([11.14])")
    if counts.get(EXPLOSIVE):
        charge = _charge(game, giver_id)
        if charge is None:
            raise ParagraphsError(f"{giver_id} carries no explosive ([11.71])")
        if charge["status"] != "carried":
            raise ParagraphsError(f"{giver_id} is setting explosive {charge['id']}: a charge being set stays where it is ([11.73])")
        if _charge(game, receiver_id) is not None:
            raise ParagraphsError(f"{receiver_id} carries an explosive already: one a man ([11.71])")


def hand_over(game: dict[str, Any], giver_id: str, giver: dict[str, Any], receiver_id: str, receiver: dict[str, Any], words: list[str]) -> list[str]:
    """Move the grenades and explosive named from ``giver`` to ``receiver``; what moved,
    worded for the referee's reply."""
    moved = []
    for word in words:
        name, n = parse(word)
        if name in KINDS:
            for man, sign in ((giver, -n), (receiver, n)):
                passed = dict(man.get("grenades_passed") or {})
                passed[name] = int(passed.get(name, 0)) + sign
                man["grenades_passed"] = passed
            moved.append(f"{n} {name} grenade{'s' if n > 1 else ''}")
        elif name == PREPARED:
            # he gives every grenade he holds prepared; one the receiver held is thrown first
            held = _held(giver)
            giver["grenade"], giver["more_grenades"], giver["prepared"] = None, [], None
            queue = [*_held(receiver), *held]
            receiver["grenade"], receiver["more_grenades"], receiver["prepared"] = queue[0], queue[1:], "grenade"
            moved.append(f"the prepared {' and '.join(held)} grenade{'s' if len(held) > 1 else ''}")
        else:
            charge = _charge(game, giver_id)
            if charge is not None:  # checked before anything changed
                charge["holder"] = receiver_id
                moved.append(f"explosive {charge['id']}")
    return moved
