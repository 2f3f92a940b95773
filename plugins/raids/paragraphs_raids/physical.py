"""The player's own dice and choices at a terminal, for the raid companion (``turn --dice physical``).

:class:`TerminalRoller` is a :class:`~paragraphs_raids.dice.Roller` that asks each die as
the rules need it, saying what it is for (and, when the title knows, what succeeds), and
checks the answer against the die's faces. :func:`ask_terminal` asks the British player
how to reorganise a stack. Both print the prompt even when the input is not a terminal,
so a transcript shows what was asked; the end of input raises :class:`EOFError`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from paragraphs.dice import DiceConventions, Die, parse_die
from paragraphs.errors import ParagraphsError

from paragraphs_raids.dice import RollNote


def read_answer(prompt: str) -> str:
    """One line from the player, the prompt printed first (also when piped).

    Raises:
        EOFError: the input is closed (Ctrl-D).
    """
    if sys.stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    line = line.rstrip("\n")
    sys.stdout.write(line + "\n")
    return line


class TerminalRoller:
    """Asks the player for each die (``roll d6 for movement of ...: ``), one at a time.

    Args:
        conventions: how the title reads its dice.
        notes: rolls are noted here for the journal, as the other rollers do.
        hint: purpose -> what succeeds (``4 or less activates``), or None.
        read: how a line is read (a test passes its own).

    ``echo`` (set by the caller) runs before each question: it prints what happened since
    the last die, so the player sees the board change as he rolls.
    """

    def __init__(self, conventions: DiceConventions | None = None, notes: list[RollNote] | None = None, *, hint: Callable[[str], str | None] | None = None, read: Callable[[str], str] = read_answer) -> None:
        self.conventions = conventions or DiceConventions()
        self.notes = notes
        self.hint = hint
        self.read = read
        self.echo: Callable[[], None] | None = None
        self._dice: dict[str, Die] = {}

    def __call__(self, die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        d = self._dice.get(die) or self._dice.setdefault(die, parse_die(die, self.conventions))
        if self.echo is not None:
            self.echo()
        hint = self.hint(purpose) if self.hint else None
        while True:
            raw = self.read(f"roll {d.name} for {purpose}" + (f" ({hint})" if hint else "") + f" [{d.reading_help()}]: ")
            try:
                face = d.landed(raw.strip())
            except ParagraphsError:  # a bad entry is asked again, never a traceback
                print(f"  type the face your {d.name} shows ({d.reading_help()})")
                continue
            again = allowed is not None and face not in allowed
            if self.notes is not None:
                self.notes.append(RollNote(d.name, face, purpose + (" (roll again)" if again else "")))
            if not again:
                return face
            print(f"  {face} does not count here: roll again")


def ask_terminal(zone: str, stack: Sequence[Any], read: Callable[[str], str] = read_answer, *, last_resort: Sequence[str] = ("officer",)) -> Any | None:
    """Ask which unit of the British stack in ``zone`` goes on top (the front line).

    Units whose role is in ``last_resort`` (officers) are not offered: they hold the
    front line only when alone. Returns the piece chosen, or None to keep the stack as
    it is (an empty line).
    """
    offered = [p for p in stack if p.role not in last_resort]
    by_id = {p.id: p for p in offered}
    listing = ", ".join(f"{i} = {p.id} {p.label()}" for i, p in enumerate(offered, 1))
    while True:
        raw = read(f"reorganise your stack in {zone}: which unit goes on top? ({listing}; Enter keeps {offered[0].id}): ").strip()
        if not raw:
            return None
        if raw in by_id:
            return by_id[raw]
        if raw.isdigit() and 1 <= int(raw) <= len(offered):
            return offered[int(raw) - 1]
        print(f"  type a number from 1 to {len(offered)} or a unit id, or press Enter")


def ask_marker_terminal(zone: str, backs: Sequence[Any], read: Callable[[str], str] = read_answer) -> Any | None:
    """Ask what the marker flipped in ``zone`` shows, among ``backs`` (MarkerBack values).

    Returns the back chosen, or None when there is nothing to choose from.
    """
    by_text: dict[str, Any] = {}
    for back in backs:
        by_text.setdefault(str(back.total) if not back.obstacle else back.obstacle, back)
    if not by_text:
        return None
    while True:
        raw = read(f"flip the marker in {zone}: what does it show? ({' / '.join(by_text)}): ").strip().lower().removesuffix("x")
        if raw in by_text:
            return by_text[raw]
        print(f"  type one of {', '.join(by_text)}")


def ask_choice_terminal(prompt: str, labels: Sequence[str], read: Callable[[str], str] = read_answer) -> int:
    """Ask one of ``labels`` (by its number or its words); its place, from 1."""
    listing = ", ".join(f"{i} = {label}" for i, label in enumerate(labels, 1))
    while True:
        raw = read(f"{prompt} ({listing}): ").strip().lower()
        for i, label in enumerate(labels, 1):
            if raw in (str(i), label.lower()):
                return i
        print(f"  type one of {', '.join(str(i) for i in range(1, len(labels) + 1))}")
