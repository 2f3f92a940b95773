"""What the order procedures of every raid title's interactive game share.

An order of an interactive raid game (:mod:`paragraphs_raids.session_game`) is a title
procedure: it reads the game from the session state, acts through the title's checked
actions and writes the game back. Around the title's own rules, each order does the same
things, written once here:

* :func:`scenario_of`: the scenario of the session's book, built once per book;
* :func:`units_named`, :func:`zone_named`, :func:`path_named`: the player's words read as
  his units and the map's zones (ids in any case, commas or spaces), a word that is none
  of them refused in one line;
* :func:`playing`: the game data, refused before the game starts or after it ends;
* :func:`publish`: what the step did said to the player (the journal), the sheet's tracks
  following the game, and the victory points recorded at its end;
* :func:`never_rolls`: the roller a view or a reload uses, which must never roll;
* :func:`game_in` and :func:`status_outside`: what a view reads of the game data, and
  what it says before the game starts and after it ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from paragraphs.errors import UsageError

from paragraphs_raids.journal import Journal
from paragraphs_raids.session_game import board_data
from paragraphs_raids.stacks import BRITISH, Piece

#: The phases of a session's game data: before the set-up, the British orders, finished.
START, ORDERS, OVER = "start", "orders", "over"

# book id -> (the book, its scenario); the book is kept so that its id is not reused
_SCENARIOS: dict[int, tuple[Any, Any]] = {}


def scenario_of(ctx: Any, build: Callable[[Any], Any]) -> Any:
    """The scenario ``build`` makes of the session's book (built once per book, overlays included)."""
    book = ctx.book
    found = _SCENARIOS.get(id(book))
    if found is None or found[0] is not book:
        found = _SCENARIOS[id(book)] = (book, build(book))
    return found[1]


def never_rolls(message: str) -> Callable[..., int]:
    """A roller for code that must not roll (a view, a reload before the dice are plugged in)."""

    def roll(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        raise UsageError(f"{message}: {purpose}")

    return roll


class _ReachesItsDice(Exception):
    """An order tried on a copy of the game passed every check and came to its first die."""


def _stop_at_first_die(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
    raise _ReachesItsDice


def try_up_to_first_die(game: Callable[[Callable[..., int]], Any | None], phase: str, act: Callable[[Any], object]) -> None:
    """Odds only for an order the rules would carry out: the order is tried on a copy of the
    game (``game(roller)`` loads it, None when no game is in progress) in ``phase`` up to its
    first die, so whatever refuses it when given refuses it here, in the order's own words;
    the copy is dropped.

    Raises:
        the order's own refusal (the title's refusal error, UsageError).
    """
    g = game(_stop_at_first_die)
    if g is None:
        return
    g.phase = phase
    try:
        act(g)
    except _ReachesItsDice:
        pass


def playing(ctx: Any) -> dict[str, Any]:
    """The game data of a game in progress.

    Raises:
        UsageError: the game has not started (type next) or is over.
    """
    data = board_data(ctx)
    if data is None or data.get("phase") == START:
        raise UsageError("the game has not started yet: type next")
    if data["phase"] == OVER:
        raise UsageError(f"{data.get('result', {}).get('text', 'the game is over')}; start another with --new")
    return data


def one_unit(pieces: list[Piece]) -> Piece:
    """The one unit the player named (an order on one unit).

    Raises:
        UsageError: none or several.
    """
    if len(pieces) != 1:
        raise UsageError("name one unit")
    return pieces[0]


def game_in(data: Mapping[str, Any] | None, load: Callable[[Any], Any]) -> Any | None:
    """The game ``load`` reads of the session's game data (None before the set-up)."""
    if not data or data.get("phase") == START or "game" not in data:
        return None
    return load(data["game"])


def status_outside(data: Mapping[str, Any] | None) -> str | None:
    """The status line before the game starts or after it ends (None while it is played)."""
    if not data or data.get("phase") == START:
        return "The game has not started: type next for the set-up and turn 1."
    if data["phase"] == OVER:
        text = str(data["result"]["text"])
        return f"{text[:1].upper()}{text[1:]}."
    return None


def units_named(
    pieces: Mapping[str, Piece],
    on_map: Iterable[Piece],
    text: str,
    *,
    example: str,
    off_map: bool = False,
    whereabouts: Callable[[Piece], str] | None = None,
) -> list[Piece]:
    """``a-1,a-2`` (ids, any case; commas or spaces) -> the British pieces.

    ``off_map`` accepts units that are not on the map (aboard a boat, say). For one that
    is refused, ``whereabouts`` (the title's) says where it is and what it needs
    ("is aboard LCA 2, not on the map: ..."): "not on the map" alone would leave the
    player wondering why a unit he sees on his sheet takes no order.

    Raises:
        UsageError: a name that is none of the player's units, or one off the map.
    """
    names = [w for w in text.replace(",", " ").split() if w]
    if not names:
        raise UsageError(f"name the units ({example})")
    mine = {p.id.lower(): p for p in pieces.values() if p.side == BRITISH}
    out = []
    for n in names:
        piece = mine.get(n.lower())
        if piece is None:
            here = sorted(p.id for p in on_map if p.side == BRITISH)
            raise UsageError(f"no British unit {n!r} (on the map: {', '.join(here) or 'none'})")
        if not piece.zone and not off_map:
            raise UsageError(f"{piece.label()} {whereabouts(piece) if whereabouts else 'is not on the map'}")
        if piece not in out:  # a unit typed twice is still one unit (never counted twice)
            out.append(piece)
    return out


def zone_named(zones: Iterable[str], word: str, title: str) -> str:
    by_lower = {z.lower(): z for z in zones}
    zone = by_lower.get(word.lower())
    if zone is None:
        raise UsageError(f"no zone {word!r} (paragraphs ids {title} lists the zones)")
    return zone


def path_named(zones: Iterable[str], text: str, title: str) -> list[str]:
    words = [w for w in text.replace("->", " ").replace(",", " ").split() if w]
    if not words:
        raise UsageError("name the zones entered, in order")
    known = list(zones)
    return [zone_named(known, w, title) for w in words]


def say_new_entries(ctx: Any, journal: Journal) -> None:
    """Say the journal's entries not said yet: before a die or a choice the step asks, so
    the player reads what led to it (the fire that hit the stack he is asked to reorder),
    and the rest when the step ends."""
    entries = journal.entries
    for entry in entries[journal.said :]:
        ctx.say(entry.text)
    journal.said = len(entries)


def publish(ctx: Any, journal: Journal, tracks: Mapping[str, int], result: Mapping[str, Any] | None) -> None:
    """Say what the step did, keep the sheet's tracks on the game's, record the VP at the end.

    The tracks and the counter are what ``sheet`` and ``--json`` show; the VP counter
    (any case) takes the result's ``vp`` once the game is over.
    """
    say_new_entries(ctx, journal)
    for track, value in tracks.items():
        if track in ctx.book.tracks:
            ctx.state.values[track] = value
    vp = next((c for c in ctx.book.counters if c.lower() == "vp"), None)
    if result and vp is not None:
        change = int(result["vp"]) - int(ctx.state.counters.get(vp, 0))
        if change:
            ctx.state.add_counter(vp, change, f"victory at the end of turn {result['turns']}", "board")


def pct(p: Fraction) -> str:
    """``7/12 (58.3%)``; ``certain`` and ``no chance`` at the ends."""
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%)" if p not in (0, 1) else ("certain" if p == 1 else "no chance")


class GameViews:
    """The base of a title's :class:`~paragraphs_raids.session_game.InteractiveGame`: the
    book, the start verb, and the status line outside the game; the title reads its game
    (:meth:`load`) and says where a game in progress stands (:meth:`playing_status`)."""

    next_verb = "next"

    def __init__(self, book: Any) -> None:
        self.book = book

    def load(self, data: dict[str, Any] | None) -> Any | None:
        """The title's game in the session's data (None before the set-up)."""
        raise NotImplementedError

    def playing_status(self, g: Any) -> str:
        """One line: turn, phase, alert, and what the player may do."""
        raise NotImplementedError

    def status(self, data: dict[str, Any] | None) -> str:
        outside = status_outside(data)
        if outside is not None:
            return outside
        return self.playing_status(self.load(data))
