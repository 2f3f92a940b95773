"""An interactive raid game as a core session: what every raid title shares for it.

The core session (:class:`paragraphs.session.Session`) performs each British order and
each run of automatic phases as one title procedure (``Engine.perform``), so the core
gives saving after every step, undo without re-rolling, the log and ``--json``. What a
raid title needs on top, written once here:

* the board lives in the session state under :data:`BOARD_KEY` (JSON data the title
  writes and reads back, :func:`board_data` / :func:`store_board`);
* :func:`hinted_roller`: the rules roll through the session's dice (seeded, or the
  player's own asked one at a time), each die's purpose followed by what succeeds;
* :class:`Asker`: a choice only the player can make in the middle of a step (which unit
  goes on top after a combat, what a flipped marker shows) asked as a session question,
  with a key that stays the same when the step is attempted again after the answer;
* :class:`RaidSession`: the session plus ``board`` (the board as it stands) and ``odds
  ORDER ...`` (the exact chances of an order before it is given), and a help that lists
  the orders;
* :func:`run_interactive`: ``play TITLE`` without ``--auto``: new or resumed session, the
  first step played, then the terminal loop (``--json`` gives one JSON line per reply);
  :func:`play_title` is it for a raid title of the command templates: its options, its
  banner and the board picture redrawn after every step (``--svg``).

A title gives the procedures and :class:`~paragraphs.records.SessionVerb` records of its
orders, and an :class:`InteractiveGame` (the start procedure, the board as text, the odds
of an order).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from paragraphs.errors import UsageError
from paragraphs.session import Reply, Session

from paragraphs_raids.dice import Roller

if TYPE_CHECKING:
    from fractions import Fraction

    from paragraphs_raids.templates import RaidTitle

#: Where the board lives in ``state.extra`` (the core sheet leaves ``_`` keys out).
BOARD_KEY = "_raid"


def session_save_named(title: str, name: str) -> Path | None:
    """The save of the session ``name`` of ``title`` (``default``, or ``TITLE-default`` as
    ``paragraphs sessions`` lists it), or None; a name with a ``/`` is a path, never a session."""
    from paragraphs.companion.session import has_path_separator, sessions_dir

    if has_path_separator(name):
        return None
    for candidate in (sessions_dir() / f"{title}-{name}.json", sessions_dir() / f"{name}.json"):
        if candidate.is_file():
            return candidate
    return None


def board_data(ctx: Any) -> dict[str, Any] | None:
    """The title's game data in the state being resolved (None before the game starts)."""
    data = ctx.state.extra.get(BOARD_KEY)
    return data if isinstance(data, dict) else None


def store_board(ctx: Any, data: dict[str, Any]) -> None:
    """Keep the game data in the state being resolved (it is saved with the step)."""
    ctx.state.extra[BOARD_KEY] = data


def hinted_roller(
    ctx: Any,
    hint: Callable[[str], str | None] | None = None,
    luck: Callable[[str, Mapping[int, Fraction], int], Mapping[str, Any] | None] | None = None,
    before: Callable[[], None] | None = None,
) -> Roller:
    """A raid roller that rolls through the session's dice, the purpose followed by what
    succeeds (the player typing his own die reads both in the question).

    ``luck(purpose, distribution, face)``: the roll's order of outcomes for the player
    (:func:`paragraphs_raids.luck_orders.roll_luck`), kept with the roll for the luck audit.
    ``before()`` runs before each roll (to say what the step did so far, for a die the
    player is asked).
    """

    def roll(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        if before is not None:
            before()
        said = hint(purpose) if hint is not None else None
        face = int(ctx.roll(die, f"{purpose}: {said}" if said else purpose, allowed=set(allowed) if allowed is not None else None))
        if luck is not None:
            found = luck(purpose, _faces_left(ctx.die(die).distribution, allowed), face)
            if found:
                ctx.explain_roll("", luck=found)  # no meaning: the roll's line reads as before
        return face

    return roll


def _faces_left(distribution: Mapping[int, Fraction], allowed: frozenset[int] | None) -> Mapping[int, Fraction]:
    """The chance of each face a roll may end on (faces not allowed are rolled again)."""
    if allowed is None:
        return distribution
    kept = {f: p for f, p in distribution.items() if f in allowed}
    whole = sum(kept.values())
    return {f: p / whole for f, p in kept.items()}


class Asker:
    """Asks the player a choice in the middle of a step, as a session question.

    A step stopped by a question is attempted again from its start once the answer is
    in, so the n-th question of a kind in a step keeps the key ``KIND.n``: the answer
    given is found again, and the next question gets the next key.

    The choices are numbers (a place in a stack, a count of units): the player picks one
    of those offered, and the title declares ``KIND`` as an integer question in its
    content, which is what the engine checks the journaled answer against on replay.
    """

    def __init__(self, ctx: Any, before: Callable[[], None] | None = None) -> None:
        self.ctx = ctx
        self.count: dict[str, int] = {}
        self.before = before  # runs before each question (to say what led to it)

    def choose(self, kind: str, prompt: str, choices: Sequence[tuple[int, str]]) -> int:
        """One of ``choices`` (number, label), as the player picks it."""
        from paragraphs.model import CHOICE, Question

        if self.before is not None:
            self.before()
        n = self.count[kind] = self.count.get(kind, 0) + 1
        offered = tuple((str(v), label) for v, label in choices)
        return int(self.ctx.answer(Question(f"{kind}.{n}", prompt, CHOICE, choices=offered)))


def ask_top_unit(asker: Asker, zone: str, stack: Sequence[Any], last_resort: Sequence[str] = ("officer",), *, ask_one: bool = True) -> Any | None:
    """After a combat, the unit of his stack in ``zone`` the player puts on top (the front
    line); units whose role is in ``last_resort`` are not offered (they hold it only alone).
    ``ask_one=False`` asks nothing when there is only one unit to offer."""
    candidates = [p for p in stack if p.role not in last_resort]
    if len(candidates) < (1 if ask_one else 2):
        return None
    choices = [(i + 1, p.label()) for i, p in enumerate(candidates)]
    k = asker.choose("reorganise", f"After the combat, which unit goes on top of your stack in {zone}", choices)
    return candidates[k - 1] if 1 <= k <= len(candidates) else None


class InteractiveGame(Protocol):
    """What a title gives the interactive session besides its orders' procedures."""

    #: The verb that starts the game and plays on to the next British phase.
    next_verb: str
    #: The title's word for its alert track (``alert``, ``alarm``), in the help.
    alert_word: str
    #: An odds request the help shows (``odds attack UNITS ZONE``).
    odds_example: str
    #: The odds requests the title answers, said when ``odds`` comes alone.
    odds_usage: str

    def board_text(self, data: dict[str, Any] | None) -> list[str]:
        """The board as the player reads it (``board``)."""

    def order_odds(self, data: dict[str, Any] | None, verb: str, words: list[str]) -> str:
        """The exact chances of an order before it is given (``odds attack ...``).

        Raises:
            UsageError: the order is not allowed now (the reason), or has no dice.
        """

    def status(self, data: dict[str, Any] | None) -> str:
        """One line: turn, phase, alert, and what the player may do."""


#: The core session's commands a raid session keeps (views and the session's own); help
#: lists each of them (``exit``, ``q`` and ``?`` are the core's other words for quit and help).
SESSION_WORDS = frozenset({"quit", "exit", "q", "help", "?", "sheet", "log", "undo", "luck", "recap", "board", "status", "odds", "save", "load"})
#: The core's commands for recording a paper game by hand; the raid's board is the record.
PAPER_ONLY = frozenset({"set", "vp", "event", "events"})


def _ordinal_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


#: Said above ``board`` while a question waits.
BOARD_BEFORE_THE_STEP = "(the board before this step: what the step has done so far is said above, and is on the board once the step ends)"


class RaidSession(Session):
    """The core session with the raid views: ``board``, ``odds ORDER ...``, orders in ``help``."""

    # one step plays a whole German phase: a die or a choice in it comes after what led to it
    says_before_questions = True

    def answer_index(self, n: int) -> str:
        # a raid asks a choice again for each stack hit or marker flipped in the step
        # (Asker's keys KIND.n), never of a man: the log said "(man 1)"
        return f" ({n}{_ordinal_suffix(n)} in the step)"

    def __init__(self, engine: Any, state: Any, game: InteractiveGame, **kwargs: Any) -> None:
        super().__init__(engine, state, **kwargs)
        self.game = game

    #: How many of a step's lines its ``did:`` in the log and the recap keeps.
    DID_LINES = 6

    def step_did(self, before: Any, result: Any) -> list[str]:
        """What the step said as it was played (the landing, the fire, the alarm), up to
        :attr:`DID_LINES` lines, and the VP it scored: the core's sheet changes were every
        board line the step touched, hundreds of characters of stacks and cargoes."""
        said = [ins.text.strip().rstrip(".") for ins in result.instructions if ins.text.strip()]
        did = said[: self.DID_LINES]
        if len(said) > self.DID_LINES:
            did.append(f"and {len(said) - self.DID_LINES} more line(s)")
        after = result.state
        for name in sorted(set(after.counters) | set(before.counters)):
            old, new = int(before.counters.get(name, 0)), int(after.counters.get(name, 0))
            if old != new:
                did.append(f"{name.upper()} {new - old:+d} (now {new})")
        return did

    def _command(self, line: str) -> Reply:
        words = line.split()
        head = words[0].lower() if words else ""
        if head in ("board", "status"):
            self.refuse_arguments(head, words[1:])  # `board A2` is no view of one zone
        if head == "board":
            return self._info("\n".join(self.game.board_text(self.state.extra.get(BOARD_KEY))))
        if head == "status":
            return self._info(self.game.status(self.state.extra.get(BOARD_KEY)))
        if head == "odds" and len(words) > 1 and words[1].lower() in self.verbs:
            return self._info(self.game.order_odds(self.state.extra.get(BOARD_KEY), words[1].lower(), words[2:]))
        if head == "odds" and len(words) == 1:
            raise UsageError(f"odds needs an order: {self.game.odds_usage}")
        if head == "odds":
            raise UsageError(f"no odds for {words[1]!r}: {self.game.odds_usage}")
        if head in PAPER_ONLY:
            # the core's commands for a paper game would make the sheet disagree with the board
            raise UsageError(f"{head} is not an order of {self.engine.book.name}: the board keeps the {self.game.alert_word}, the turn and the victory points (type help for the orders)")
        if head == "cells":
            # the core lists the table cells a session asked for; a raid's rules roll on the
            # title's own tables and never ask one, so the word would only ever say "none"
            raise UsageError("cells lists the table cells a session asked you for: a raid asks none (its rules roll on its own tables); type help for the views")
        if words and head not in SESSION_WORDS and head not in self.verbs:
            # the core would read a number as a paragraph: a raid has none
            raise UsageError(f"unknown command {words[0]!r}: type help for the orders ({', '.join(sorted(self.verbs))}) and the views")
        return super()._command(line)

    def help_text(self) -> str:
        """The orders of the title, the views, and the session's own commands."""
        lines = [f"Orders of {self.engine.book.name}:"]
        for verb in sorted(self.verbs.values(), key=lambda v: v.id):
            usage = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in verb.arguments)
            lines.append(f"  {(verb.id + ' ' + usage).strip()}")
            lines.append(f"      {verb.help}")
        lines += [
            "Views:",
            "  board              the board as it stands (stacks top first, markers, tracks)",
            f"  status             turn, phase, {self.game.alert_word} and what you may do now",
            f"  odds <order> ...   the exact chances of an order before you give it ({self.game.odds_example})",
            "  sheet, log, luck   the record sheet; every step with its dice; how lucky the dice were",
            "  recap              where the session stands: the last step with its dice, and how the dice are rolled",
            "Session:",
            "  undo [step]        undo the last step (or back to a step of the log); dice are never rolled again",
            "  help, quit         this list; leave (the session is saved after every step)",
            "While a question waits: answer it, or type cancel (or back) to drop the step, undo, board, sheet, log or help.",
        ]
        return "\n".join(lines)

    def _answer_line(self, line: str) -> Reply:
        # ``board`` is a view the player may want while a die or a choice waits; it shows the
        # board as saved, before the step, and says so: what the step has done so far (a
        # marker flipped, a stack hit) is in the lines above and is kept once the step ends
        if line.strip().lower() == "board":
            reply = self._command("board")
            reply.lines.insert(0, BOARD_BEFORE_THE_STEP)
            reply.data["text"] = "\n".join(reply.lines)
            reply.question = self.question
            return reply
        return super()._answer_line(line)


def run_interactive(
    args: argparse.Namespace,
    host: Any,
    game: InteractiveGame,
    *,
    banner: str,
    start_args: dict[str, Any] | None = None,
    after_step: Callable[[Session], None] | None = None,
    engine: Any = None,
) -> int:
    """``play TITLE`` without ``--auto``: a core session of the raid, in a terminal.

    A new session performs the start verb at once (the set-up and the phases up to the
    first British phase; with ``--dice physical`` the first die is asked). A resumed one
    says where it stands. ``after_step`` runs after every reply (to redraw a picture of
    the board, say).
    """
    from paragraphs.cli.commands import open_engine
    from paragraphs.cli.play import drive, refuse_seed_on_resume
    from paragraphs.session import session_path
    from paragraphs.state import hold_save, load_state, save_exists

    engine = engine or open_engine(args, host)
    path = session_path(engine.book.title, args.session)
    with hold_save(path):
        resume = not args.new and save_exists(path)
        if resume:
            refuse_seed_on_resume(args)
            state = load_state(path, title=engine.book.title)
        else:
            state = engine.new_state()
            state.extra[BOARD_KEY] = {"phase": "start", "start": dict(start_args or {})}
        session = RaidSession(engine, state, game, path=path, dice=args.dice, seed=args.seed)
        if not resume or session.notices:
            session.save()
        first: list[str] = []
        if not resume:
            reply = session.send(game.next_verb)
            first = reply.lines
        if after_step is not None:
            after_step(session)
            _wrap_send(session, after_step)
        intro = f"{banner}\nsession {path} ({'resumed' if resume else 'new'}); type help for the orders."
        if first:
            intro += "\n" + "\n".join(first)
        if session.question is None:
            intro += "\n" + game.status(session.state.extra.get(BOARD_KEY))
        return drive(session, as_json=args.json, banner=intro, recap=resume)


def _wrap_send(session: Session, after: Callable[[Session], None]) -> None:
    send = session.send

    def send_then(line: str) -> Reply:
        reply = send(line)
        after(session)
        return reply

    session.send = send_then  # type: ignore[method-assign]


def play_title(
    spec: RaidTitle,
    args: argparse.Namespace,
    host: Any,
    *,
    game: Callable[[Any], InteractiveGame],
    start_args: Callable[[Any], dict[str, Any]],
    picture: Callable[[str, Any, dict[str, Any]], None],
) -> int:
    """``play TITLE`` without ``--auto`` for a raid title of :mod:`paragraphs_raids.templates`.

    Args:
        spec: the title's :class:`~paragraphs_raids.templates.RaidTitle`.
        game: the title's InteractiveGame, given the book.
        start_args: what the start verb keeps of the title's options (``--optional``,
            ``--difficulty``, ``--no-events``).
        picture: draws the board picture: (path, book, the game's JSON data).
    """
    from paragraphs.cli.commands import open_engine

    from paragraphs_raids.cli import check_outputs
    from paragraphs_raids.templates import choices_of

    if getattr(args, "policy", None):
        raise UsageError("--policy chooses the automatic player: use it with --auto")
    options = choices_of(spec, args)
    check_outputs(args)  # before the session is set up and saved
    engine = open_engine(args, host)
    note = ""
    saved = _saved_start(engine.book.title, args)
    if saved is not None and saved != start_args(options):
        # a resumed game keeps the rules it started with: the banner says those, not the ones typed now
        typed = bool(getattr(args, "optional", None) or getattr(args, "difficulty", None) or getattr(args, "no_events", False))
        if typed:
            note = f"\nnote: --optional, --difficulty and --no-events are not used: the session {args.session!r} goes on with the rules it started with (--new starts a new game)"
        kept = argparse.Namespace(optional=[k for k in spec.optional_rules if saved.get(k) is True], difficulty=saved.get("difficulty"), no_events=saved.get("events") is False)
        options = choices_of(spec, kept)
        rules = spec.describe_options(options) if start_args(options) == saved else None
    else:
        rules = spec.describe_options(options)
    banner = f"{spec.name}: you command the British; the rules play the Germans" + (f" ({rules})" if rules else "") + "." + note
    svg = getattr(args, "svg", None)
    if svg:
        banner += f"\nThe board picture is rewritten to {svg} after every step."
    draw = _drawer(svg, engine.book, picture) if svg else None
    return run_interactive(args, host, game(engine.book), banner=banner, start_args=start_args(options), engine=engine, after_step=draw)


def _saved_start(title: str, args: argparse.Namespace) -> dict[str, Any] | None:
    """The options a saved session was started with (None for a new game)."""
    from paragraphs.session import session_path
    from paragraphs.state import load_state, save_exists

    path = session_path(title, args.session)
    if args.new or not save_exists(path):
        return None
    data = load_state(path, title=title).extra.get(BOARD_KEY)
    start = data.get("start") if isinstance(data, dict) else None
    return start if isinstance(start, dict) else None


def _drawer(path: str, book: Any, picture: Callable[[str, Any, dict[str, Any]], None]) -> Callable[[Session], None]:
    """Redraw the board picture from the session's game (after every reply: a view changes
    nothing and redraws the same picture; an undo draws the board it went back to)."""
    last: list[Any] = [None]

    def draw(session: Session) -> None:
        data = session.state.extra.get(BOARD_KEY) or {}
        game = data.get("game")
        if game is None or game == last[0]:
            return
        last[0] = game
        picture(path, book, game)

    return draw
