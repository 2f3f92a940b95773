"""The action log: which actions each unit has taken this phase, and the open activation.

Bruneval (rule 6) gives a British unit one action per turn. Dieppe (rule 6) gives each
British unit two *different* actions in a phase and asks the player to finish with a unit
(or the stack acting together) before activating another: starting a unit outside the
open activation closes it, and every unit of a closed activation gets its Job Done marker
and loses the actions it did not use (Dieppe ruling R15). The log checks all of it; the
title decides what an action is called and when the markers go on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from paragraphs_raids.stacks import Piece


class ActionRefused(ValueError):
    """The action log does not allow this action now (the message says why)."""


@dataclass
class ActionLog:
    """Actions taken per unit this phase.

    Attributes:
        per_unit: actions a unit may take in a phase (Bruneval 1, Dieppe 2).
        distinct: a unit never takes the same action twice in a phase.
        closes: starting a unit outside the open activation closes it (Dieppe 6).
        used: piece id -> actions it took, in order.
        active: ids of the units of the open activation.
        closed: ids of the units whose activation is closed (they may not act again).
    """

    per_unit: int = 1
    distinct: bool = True
    closes: bool = False
    used: dict[str, list[str]] = field(default_factory=dict)
    active: set[str] = field(default_factory=set)
    closed: set[str] = field(default_factory=set)

    def refusal(self, pieces: Sequence[Piece], action: str) -> str | None:
        """Why ``pieces`` may not take ``action`` now (None: they may)."""
        closed, used = self.closed, self.used
        units = pieces if isinstance(pieces, list) else list(pieces)  # see take
        for p in units:
            if p.id in closed or p.acted:
                return f"{p.label()} has finished acting this phase"
            taken = used.get(p.id)  # (not .get(id, []): no spare list per unit)
            if taken is None:
                continue
            if len(taken) >= self.per_unit:
                return f"{p.label()} has used its {self.per_unit} action(s) this phase"
            if self.distinct and action in taken:
                return f"{p.label()} has already taken the action {action!r} this phase"
        return None

    def take(self, pieces: Sequence[Piece], action: str) -> list[str]:
        """Record ``action`` by ``pieces``; returns the ids of the units now done.

        Done units are those of an activation this one closes and those that used all
        their actions; the caller puts their markers on (``markers.mark_done``).

        Raises:
            ActionRefused: see :meth:`refusal`.
        """
        # Every action of a game ends here: plain loops over the few units, rather than
        # a set of their ids and set operations (the same steps, in the same order), over
        # a list (the compiled build indexes a list natively; any other sequence is
        # iterated through Python's generic protocol, three times here).
        units = pieces if isinstance(pieces, list) else list(pieces)
        why = self.refusal(units, action)
        if why:
            raise ActionRefused(why)
        done: list[str] = []
        active, used, closed = self.active, self.used, self.closed
        if self.closes and active:
            for p in units:  # any unit of the open activation keeps it open
                if p.id in active:
                    break
            else:
                done += self.close()
                active = self.active
        for p in units:
            active.add(p.id)
        for p in units:
            taken = used.get(p.id)
            if taken is None:
                used[p.id] = [action]
            else:
                taken.append(action)
        per_unit = self.per_unit
        for p in units:
            if len(used[p.id]) >= per_unit:
                closed.add(p.id)
                active.discard(p.id)
                done.append(p.id)
        return done

    def give_back(self, pieces: Sequence[Piece], action: str) -> None:
        """Undo ``action`` for ``pieces``: the rules say they did not take it after all
        (Dieppe: units a full beach keeps aboard their LCA never landed, ruling R47).
        Units left with no action leave the open activation: they have not acted."""
        for p in pieces:
            taken = self.used.get(p.id)
            if taken and taken[-1] == action:
                taken.pop()
                self.closed.discard(p.id)
                if not taken:
                    del self.used[p.id]
                    self.active.discard(p.id)

    def close(self) -> list[str]:
        """Close the open activation: its units are done for the phase. Returns their ids."""
        ids = sorted(self.active)
        self.closed |= self.active
        self.active = set()
        return ids

    def actions_of(self, piece: Piece) -> list[str]:
        return list(self.used.get(piece.id, ()))

    def clear(self) -> None:
        """A new phase: nothing taken yet."""
        self.used.clear()
        self.active.clear()
        self.closed.clear()
