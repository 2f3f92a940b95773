"""``paragraphs play``: an interactive companion session for a paragraph book.

The player types a paragraph number (from a card, a counter, the booklet) or a command;
the session rolls (or asks for the player's own dice), asks the questions only the
player can answer, shows only the instructions reached, and saves after every step.
It resumes where it stopped, undoes, and prints the record sheet on request.

:class:`Session` is the object every front end drives: the terminal loop below, the
``--json`` mode and the tests all call :meth:`Session.send` with what the player typed
and get back a :class:`Reply` (lines to show, the same as data, and the question the
session now waits for, if any). A title adds commands of its own as
:class:`~paragraphs.pluginhost.records.SessionVerb` records (hook ``paragraphs_register_session_verbs``);
each is performed as one journaled step, so it is saved, undone and logged like a read.

Titles with a different kind of play (an automatic game) take over ``play`` through the
``paragraphs_register_commands`` hook.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from paragraphs.foundation.dataclass_code import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paragraphs.foundation.terminal import style
from paragraphs.book.dice import DiceSource, Die, MissingRoll, Prng, ScriptedDice, SeededDice
from paragraphs.book.cells import UnknownCell
from paragraphs.foundation.errors import AnswerRefused, ParagraphsError, UsageError
from paragraphs.state import State, save_state

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

CORE_PLAY_OPTIONS = {"title", "session", "seed", "dice", "auto", "policy", "json", "new", "overlay", "no_cache", "command", "gaps"}

#: Where the session keeps its own settings in the state (hidden from the sheet).
SESSION_KEY = "_session"

#: Words understood while a question waits, instead of being taken as the answer.
QUESTION_WORDS = ("cancel", "back", "undo", "sheet", "log", "help", "quit")

@dataclass(frozen=True)
class HelpEntry:
    """One entry of the session's ``help``: the command it documents, its lines, and what
    the title must have for the session to accept that command (``needs``, a word
    :meth:`Session.offers` answers; empty: every session accepts it)."""

    command: str
    text: str
    needs: str = ""


#: The core session's commands, in the order ``help`` lists them.
HELP_ENTRIES = (
    HelpEntry(
        "<paragraph>",
        """  <paragraph> [key=value ...]
                     read a paragraph (the number from your card, counter or booklet;
                     T358 or 358), optionally with answers you already know (pc=5)""",
        "paragraphs",
    ),
    HelpEntry("event", "  event <name>       report an event some armed hook waits for (events lists them)", "events"),
    HelpEntry("events", "  events             list the events armed hooks and sightings wait for", "events"),
    HelpEntry("set", "  set <name> <value> record a value from the table (a track such as the Condition)", "values"),
    HelpEntry("vp", "  vp <+N|-N> <why>   record victory points earned on the board (vp +1 truck destroyed)", "vp"),
    HelpEntry("sheet", "  sheet              show the record sheet"),
    HelpEntry("log", "  log                show what was done, step by step, with the answers given"),
    HelpEntry("recap", "  recap              where the session stands: the last step, the phase, what is armed"),
    HelpEntry("undo", "  undo [step]        undo the last step, or back to just before a step of the log"),
    HelpEntry("odds", "  odds <paragraph> [key=value ...] [--depth N]   exact odds for the current sheet", "paragraphs"),
    HelpEntry("odds", "  odds <command> [arguments] [key=value ...]     ... of what a title command would do", "verbs"),
    HelpEntry("luck", "  luck               how lucky the dice of this session were, roll by roll and overall"),
    HelpEntry(
        "cells",
        """  cells [export DIR] the table cells you gave this session; export writes them as an
                     overlay (DIR/cells.yaml) for --overlay""",
    ),
    HelpEntry("help", "  help               this list"),
    HelpEntry("quit", "  quit               leave (the session is saved after every step)"),
)

HELP_QUESTION = """While a question waits: answer it, or type cancel (or back) to drop the step,
undo, sheet, log or help."""

#: Every entry, for a title that has everything (a paper book with tracks and VP).
HELP = "\n".join(("Commands:", *(e.text for e in HELP_ENTRIES), HELP_QUESTION))


# --------------------------------------------------------------------------- where sessions live


def data_dir() -> Path:
    """``$PARAGRAPHS_DATA_DIR``, else ``$XDG_DATA_HOME/paragraphs``, else ``~/.local/share/paragraphs``."""
    explicit = os.environ.get("PARAGRAPHS_DATA_DIR")
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "paragraphs"


def sessions_dir() -> Path:
    return data_dir() / "sessions"


def session_path(title: str, name: str) -> Path:
    """The save of session ``name`` of ``title``: a path as given, or a file of the sessions folder.

    Raises:
        UsageError: an empty name (it would save to ``TITLE-.json``, a session with no name),
            or a path whose folder does not exist.
    """
    if not name.strip():
        from paragraphs.foundation.errors import UsageError

        raise UsageError("--session needs a name (or a path ending in .json)")
    if name.endswith(".json"):
        from paragraphs.state.outputs import refuse_missing_folder

        refuse_missing_folder(name, "--session")  # a new save is never made in a folder made for it
        return Path(name)
    if has_path_separator(name):
        # neither a name (the sessions folder has no sub-folders) nor, by the rule of
        # docs/cli.md, a path: refused rather than guessed
        from paragraphs.foundation.errors import UsageError

        raise UsageError(f"--session takes a name, or a path ending in .json: {name!r} is neither (to save in that file, write {name + '.json'!r})")
    return sessions_dir() / f"{title}-{name}.json"


def has_path_separator(name: str) -> bool:
    """Whether ``name`` holds a path separator (``/``, or this system's own), so it can be
    no session name."""
    return any(sep and sep in name for sep in ("/", os.sep, os.altsep))


def list_sessions(title: str | None = None) -> list[dict[str, Any]]:
    """Saved sessions (name, title, steps, file), newest first; unreadable files are listed as such."""
    folder = sessions_dir()
    found = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []:
        stem = path.stem
        try:
            from paragraphs.state.savefile import read_save_record

            data = read_save_record(path)
            state = data.get("state", data)
            # the journal is a file of its own (the save says how long) and the steps saved
            # since, in the save itself
            journal = data.get("journal")
            steps = journal["entries"] + len(journal.get("tail", [])) if isinstance(journal, dict) else len(state.get("journal", []))
            entry = {"title": state.get("title", ""), "steps": steps, "values": state.get("values", {})}
        except (OSError, ValueError, AttributeError, TypeError, KeyError, ParagraphsError):
            entry = {"title": stem.split("-", 1)[0], "steps": None, "values": {}, "problem": "unreadable"}
        name = stem[len(entry["title"]) + 1 :] if stem.startswith(f"{entry['title']}-") else stem
        if title is None or entry["title"] == title:
            found.append({"name": name, "file": str(path), **entry})
    return found


def title_options(args: argparse.Namespace) -> dict[str, Any]:
    return {k: v for k, v in vars(args).items() if k not in CORE_PLAY_OPTIONS and not k.startswith("_") and v is not None}


# --------------------------------------------------------------------------- what the session gives back


@dataclass(frozen=True)
class Prompt:
    """A question the session waits for: a die to type, or something only the player sees.

    Attributes:
        key: the answer key (``pc``, ``p790_mortar``) or ``roll.N`` for the Nth die typed.
        text: what the player reads.
        kind: ``die``, ``yesno``, ``integer`` or ``choice``.
        domain: the allowed answers in short (``yes/no``, ``0-9``).
        choices: ``(id, label)`` pairs of a choice.
    """

    key: str
    text: str
    kind: str
    domain: str
    choices: tuple[tuple[str, str], ...] = ()

    def line(self) -> str:
        if self.choices:
            options = ", ".join(f"{cid} = {label}" if label and label != cid else cid for cid, label in self.choices)
            return f"{self.text} ({options}): "
        return f"{self.text} [{self.domain}]: "

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "text": self.text, "kind": self.kind, "domain": self.domain}
        if self.choices:
            data["choices"] = [{"id": cid, "label": label} for cid, label in self.choices]
        return data


@dataclass
class Reply:
    """What one line typed by the player produced.

    Attributes:
        kind: ``step`` (something was done and saved), ``question`` (the session waits for
            an answer), ``info`` (a view: sheet, log, help, odds), ``error`` (nothing
            changed), or ``quit``.
        lines: what to show, already worded for the player.
        data: the same as JSON-able data.
        question: the question the session now waits for, if any.
    """

    kind: str
    lines: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    question: Prompt | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.question is not None:
            out["question"] = self.question.to_json()
        if self.kind in ("error", "info") and "text" not in out:
            out["text"] = self.text
        return out


class _TypedDice(ScriptedDice):
    """The faces the player has typed in this step, replayed in order on every attempt.

    A step that stops for a question is attempted again from its start once the answer is
    in; the dice already typed are used again in the same order, so no die is asked twice
    and none is replaced. When they run out, the step stops for the next die, and the die
    it needs is remembered so the answer can be checked against its faces.
    """

    kind = "physical"

    def __init__(self, values: list[int], *, _parent: _TypedDice | None = None) -> None:
        super().__init__(values)
        self._owner = _parent
        self.missing: tuple[Die, str] | None = None

    def bind(self, prng_state: dict[str, int] | None) -> _TypedDice:
        return _TypedDice(self.values, _parent=self)

    def roll(self, die: Die, purpose: str) -> int:
        try:
            return super().roll(die, purpose)
        except MissingRoll:
            if self._owner is not None:
                self._owner.missing = (die, purpose)
            raise


@dataclass
class _Pending:
    """A step waiting for answers: how to attempt it, and what the player gave so far."""

    label: str
    attempt: Callable[[dict[str, Any], DiceSource], Any]
    answers: dict[str, Any] = field(default_factory=dict)
    faces: list[int] = field(default_factory=list)
    question: Prompt | None = None
    die: Die | None = None
    asked: Any = None  # the engine's Question, for parsing the answer
    shown: int = 0  # instructions of the step already shown before a question


# --------------------------------------------------------------------------- the session


def _give_once(given: dict[str, str], key: str, value: str) -> None:
    """Add one typed ``key=value``; a key typed twice is refused (the last one silently won)."""
    if key in given:
        raise UsageError(f"{key} is given twice ({key}={given[key]} and {key}={value}): give it once")
    given[key] = value


#: The session's views that take no argument (one given is refused, not ignored).
VIEWS_WITHOUT_ARGUMENTS = frozenset({"sheet", "log", "luck", "recap", "events"})


class Session:
    """One play session: an engine, its state (saved after every step), and the dice.

    Args:
        engine: the title's engine.
        state: the play-through so far.
        path: where to save after every step (None: never saved, for tests and front ends
            that save themselves).
        dice: ``seeded`` or ``physical``; None keeps the mode the state was played with.
        seed: the seed of a new PRNG stream (a state that holds one continues it); the
            stream is written in the state at once, before any die is rolled.
    """

    #: Show what the step has said so far before each question it stops at (and not again
    #: when it is done). A title whose one step plays a whole phase sets it, so a die or a
    #: choice asked in the middle comes after what led to it (the fire that hit the stack
    #: the player is asked to reorder).
    says_before_questions = False

    def __init__(self, engine: Any, state: State, *, path: Path | None = None, dice: str | None = None, seed: int | None = None) -> None:
        self.engine = engine
        self.state = state
        self.path = path
        self.seeded = SeededDice(seed)
        if state.rng is None:
            # the stream is kept from the start, not from the first die: a session quit
            # before any roll resumes with the dice it would have rolled
            state.rng = Prng(self.seeded.seed).to_json()
        self.pending: _Pending | None = None
        self.notices: list[str] = []
        settings = state.extra.get(SESSION_KEY) or {}
        saved = settings.get("dice")
        self.dice_mode = dice or saved or "seeded"
        if dice not in ("seeded", "physical", None):
            raise UsageError(f"dice must be seeded or physical, not {dice!r}")
        if saved is None:
            state.extra[SESSION_KEY] = {**settings, "dice": self.dice_mode}
        elif dice is not None and dice != saved:
            self._set_dice(dice, f"dice switched from {saved} to {dice} on resume")
        self.verbs = {v.id: v for v in engine.host.records("paragraphs_register_session_verbs", engine.book.title)}
        self.sections = list(engine.host.records("paragraphs_register_sheet_sections", engine.book.title))

    # ---------------------------------------------------------------- the one entry point
    @property
    def question(self) -> Prompt | None:
        """The question the session waits for, or None."""
        return self.pending.question if self.pending else None

    def send(self, line: str) -> Reply:
        """Handle one line the player typed: a command, or the answer to the waiting question."""
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:
            # bytes that are not UTF-8 (a terminal in another encoding) reach Python as lone
            # surrogates: kept in a step, they made that save and every later one fail
            return self._error("the line holds bytes that are not UTF-8 text (is the terminal set to UTF-8?): nothing was done; type it again")
        try:
            if self.pending is not None:
                return self._answer_line(line)
            return self._command(line)
        except UnknownCell as exc:
            # the engine's own words name --answer, an option of read and odds; play has none
            why = f" ({exc.cell.reason})" if exc.cell.reason else ""
            return self._error(
                f"{exc.key} is not given by the source{why}; this session refuses such cells (--gaps refuse): "
                f"lay it over in an overlay folder (cells: [{{key: {exc.key}, value: ...}}], then play with --overlay DIR), or play with --gaps ask to be asked"
            )
        except ParagraphsError as exc:
            return self._error(str(exc))

    def end_of_input(self) -> Reply:
        """The player closed the input (Ctrl-D): drop a waiting step; the session is saved."""
        lines = []
        if self.pending is not None:
            lines.append(f"step {self.pending.label} dropped: nothing of it was kept")
            self.pending = None
        lines.append(f"session saved in {self.path}" if self.path else "session ended")
        return Reply("quit", lines, {"text": "\n".join(lines)})

    # ---------------------------------------------------------------- commands
    def _command(self, line: str) -> Reply:
        words = line.split()
        if not words:
            return Reply("info")
        head, rest = words[0].lower(), words[1:]
        if head in ("quit", "exit", "q"):
            return Reply("quit", [], {})
        if head in ("save", "load"):
            # players coming from other games type these: say where the game already is
            raise UsageError(self.save_words_answer(head))
        if head in ("help", "?"):
            return self._info(self.help_text())
        if head in ("event", "events", "set", "vp") and not self.offers(next(e.needs for e in HELP_ENTRIES if e.command == head)):
            raise self._not_offered(head)
        if head in VIEWS_WITHOUT_ARGUMENTS:
            self.refuse_arguments(head, rest)
        if head == "sheet":
            return Reply("info", self.sheet().splitlines(), {"sheet": self.sheet_data()})
        if head == "log":
            return Reply("info", self.log().splitlines(), {"log": self.log_data()})
        if head == "undo":
            if len(rest) > 1:
                raise UsageError(f"undo takes one step number from the log, not {' '.join(rest)!r}: undo 3 (or undo alone for the last step)")
            return self.undo(rest[0] if rest else None)
        if head == "events":
            events = self.engine.armed_events(self.state)
            return self._info(("waiting for: " + ", ".join(events)) if events else "no event is awaited", events=events)
        if head == "event":
            if len(rest) > 1:  # the extra words were dropped unsaid
                raise UsageError(f"event takes one name; {' '.join(rest[1:])!r} is extra: type event {rest[0]}")
            return self.event(rest[0] if rest else None)
        if head == "set":
            return self.set_value(rest)
        if head == "vp":
            return self.add_vp(rest)
        if head == "odds":
            if not rest and not self.engine.book.paragraphs:
                raise UsageError(f"odds needs a command ({', '.join(sorted(self.verbs))})")
            if not rest:
                raise UsageError("odds needs a paragraph (odds 350)" + (f" or a command ({', '.join(sorted(self.verbs))})" if self.verbs else ""))
            return self._info(self.odds(rest[0], *rest[1:]))
        if head == "luck":
            from paragraphs.audits.luck import luck_report

            report = luck_report(self.state.journal)
            return self._info(report.text(), luck=report.to_json())
        if head == "recap":
            return self._info(self.recap())
        if head == "cells":
            return self.cells(rest)
        if head in self.verbs:
            return self.perform_verb(head, rest)
        if self.engine.book.paragraphs and (head[:1].isdigit() or self._is_paragraph(words[0])):
            given: dict[str, str] = {}
            for w in rest:
                key, sep, value = w.partition("=")
                if not sep or not key:
                    raise UsageError(f"after the paragraph, give answers as key=value, not {w!r}")
                _give_once(given, key, value)
            return self.read(words[0], given)
        known = sorted({*(e.command for e in self.help_entries() if not e.command.startswith("<")), *self.verbs})
        # a title of commands only (no paragraphs) never asks for a paragraph number
        what = "a paragraph number or one of" if self.engine.book.paragraphs else "one of"
        raise UsageError(f"unknown command {words[0]!r}: type {what} {', '.join(known)}")

    def refuse_arguments(self, head: str, rest: list[str]) -> None:
        """A view that takes no argument refuses one: ``log 5`` or ``sheet A1`` read like a
        filter the view does not apply, and showing everything said nothing of it.

        Raises:
            UsageError: ``rest`` is not empty (it names the command to type instead).
        """
        if rest:
            raise UsageError(f"{head} takes no arguments; {' '.join(rest)!r} is extra: type {head} alone")

    def save_words_answer(self, word: str) -> str:
        """The one line for ``save`` or ``load``, commands a session does not need."""
        where = f" in {self.path}" if self.path else ""
        return f"{word}: nothing to {word} here: the session is saved{where} after every step; to open another game, quit and type play again with --session NAME (paragraphs sessions lists them)"

    def _is_paragraph(self, word: str) -> bool:
        try:
            self._paragraph_id(word)
            return True
        except ParagraphsError:
            return False

    def _paragraph_id(self, word: str) -> str:
        try:
            return str(self.engine.book.resolve_id(word))
        except ParagraphsError:
            return str(self.engine.book.resolve_id(word.upper()))

    def offers(self, needs: str) -> bool:
        """Whether this session accepts the core commands that need ``needs`` (a
        :class:`HelpEntry`'s word): ``help`` lists them, the others are refused."""
        book = self.engine.book
        if not needs:
            return True
        if needs == "paragraphs":
            return bool(book.paragraphs)
        if needs == "events":
            # a hook is armed by a paragraph, a sighting lapses with an event: a title of
            # commands only, with no sighting, never has an event to report
            return bool(book.paragraphs or book.sightings or self.engine.armed_events(self.state))
        if needs == "values":
            return bool(self.settable() or self.state.counters)
        if needs == "vp":
            return self._vp_counter() is not None
        if needs == "verbs":
            return bool(self.verbs)
        raise ValueError(f"no such need {needs!r}")

    def help_entries(self) -> list[HelpEntry]:
        """The entries of the core's help for the commands this session accepts."""
        return [entry for entry in HELP_ENTRIES if self.offers(entry.needs)]

    def help_text(self) -> str:
        lines = ["Commands:"]
        for entry in self.help_entries():
            # without paragraph odds above it, the command odds line says what it gives
            lines.append(entry.text if self.offers("paragraphs") else entry.text.replace("     ... of", "     exact odds of"))
        text = "\n".join([*lines, HELP_QUESTION])
        if self.verbs:
            lines = [f"Commands of {self.engine.book.name}:"]
            for verb in sorted(self.verbs.values(), key=lambda v: v.id):
                usage = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in verb.arguments)
                lines.append(f"  {(verb.id + ' ' + usage).strip():<18} {verb.help}")
                lines += [f"  {'':<18}   {a.name}: {a.help}" for a in verb.arguments if a.help]
            text += "\n" + "\n".join(lines)
        return text

    def _not_offered(self, command: str) -> UsageError:
        """The refusal of a core command this title has no use for (help does not list it)."""
        name = self.engine.book.name
        why = {
            "event": f"{name} has no events to report: nothing in it arms a hook or marks a sighting",
            "events": f"{name} has no events to report: nothing in it arms a hook or marks a sighting",
            "set": f"{name} keeps no value to set: its record changes through its own commands",
            "vp": f"{name} keeps no VP counter",
        }[command]
        return UsageError(f"{why} (help lists its commands)")

    # ---------------------------------------------------------------- steps
    def read(self, paragraph: str, given: dict[str, str] | None = None) -> Reply:
        """Read a paragraph (``"358"`` finds ``T358``) with answers already known."""
        start = self._paragraph_id(paragraph)
        preset = self.engine.parse_answers(given or {})
        warnings = [w for section in self.sections if section.warnings for w in section.warnings(self.state, self.engine.book, start)]
        reply = self._begin(start, lambda answers, dice: self.engine.resolve(start, self.state, {**preset, **answers}, dice=dice))
        if warnings:
            reply.lines[:0] = [style(f"warning: {w}", "yellow") for w in warnings]
            reply.data["warnings"] = warnings
        return reply

    def event(self, name: str | None) -> Reply:
        """Report an event an armed hook or a sighting waits for."""
        armed = self.engine.armed_events(self.state)
        if not armed:
            raise UsageError("no event is awaited: nothing armed waits for one")
        if name is None:
            raise UsageError("event needs a name: " + ", ".join(armed))
        if name not in armed:
            raise UsageError(f"no armed hook waits for {name!r}: the awaited events are {', '.join(armed)}")
        return self._begin(f"event:{name}", lambda answers, dice: self.engine.fire(name, self.state, answers, dice=dice))

    def perform_verb(self, name: str, words: list[str]) -> Reply:
        """Perform a title's session verb with the words typed after it."""
        verb = self.verbs[name]
        args = _verb_args(verb, words)
        return self._begin(f"{name}", lambda answers, dice: self._perform(verb.procedure, answers, args, dice, label=name))

    def _perform(self, procedure: str, answers: dict[str, Any], args: dict[str, Any], dice: DiceSource, *, label: str) -> Any:
        """Run a title procedure as one journaled step; its result is said as ``label: result``."""
        from paragraphs.interpreter.context import Instruction

        result = self.engine.perform(procedure, self.state, answers, args=args, dice=dice)
        if result.done:
            # what the procedure said outside any paragraph is attributed to the verb
            result.instructions[:] = [i if i.paragraph else Instruction(label, i.text, i.kind) for i in result.instructions]
            if result.label is not None:
                result.instructions.append(Instruction(label, words_for(result.label), "result"))
        return result

    def _begin(self, label: str, attempt: Callable[[dict[str, Any], DiceSource], Any]) -> Reply:
        self.pending = _Pending(label, attempt)
        return self._advance()

    def _dice(self, pending: _Pending) -> DiceSource:
        return _TypedDice(list(pending.faces)) if self.dice_mode == "physical" else self.seeded

    def _advance(self) -> Reply:
        pending = self.pending
        assert pending is not None
        for _ in range(500):
            dice = self._dice(pending)
            try:
                result = pending.attempt(dict(pending.answers), dice)
            except AnswerRefused as exc:
                if exc.key not in pending.answers or pending.question is None:
                    self.pending = None
                    raise
                # the answer just typed is of no use: asked again, the dice already typed kept
                del pending.answers[exc.key]
                return self._error(f"{exc}; the question is asked again", question=pending.question)
            except ParagraphsError as exc:
                self.pending = None
                kept = self._keep_cells(pending, str(exc))
                if kept:
                    return self._error(f"{exc} (the table cell you gave, {', '.join(kept)}, is kept for the game: it is not asked again)")
                raise
            if result.done:
                self.pending = None
                did = self.step_did(self.state, result)
                if did and result.state.journal:
                    # what the step changed, for the log (entries are never changed in place)
                    journal = result.state.journal
                    result.state.journal = [*journal[:-1], {**journal[-1], "did": did}]
                self.state = result.state
                self.save()
                return Reply("step", resolution_lines(result, skip=pending.shown), {"step": self._step_json(result)})
            said: list[str] = []
            if self.says_before_questions and len(result.instructions) > pending.shown:
                # the attempts replay the same dice and answers, so the first lines are the same
                said = [ins.text for ins in result.instructions[pending.shown :]]
                pending.shown = len(result.instructions)
            q = result.questions[0]
            if q.key.startswith("roll.") and isinstance(dice, _TypedDice) and dice.missing is not None:
                die, purpose = dice.missing
                pending.die, pending.asked = die, None
                pending.question = Prompt(q.key, f"roll {die.name} for {purpose}", "die", die.reading_help())
            elif q.key.startswith("roll."):
                # a scripted source ran dry outside physical mode: ask the die like a question
                pending.die, pending.asked = None, q
                pending.question = Prompt(q.key, f"roll {q.prompt}", "die", q.describe_domain())
            else:
                pending.die, pending.asked = None, q
                pending.question = Prompt(q.key, q.prompt, q.type, q.describe_domain(), tuple(q.choices))
            data: dict[str, Any] = {"step": {"start": pending.label, "status": "needs_answers"}}
            if said:
                data["said"] = said
            return Reply("question", said, data, pending.question)
        self.pending = None
        raise UsageError("too many questions in one step")

    def _keep_cells(self, pending: _Pending, error: str) -> list[str]:
        """Table cells the player gave for a step that was then refused: kept (a journaled
        ``extra`` entry, replayed by undo), since the cell is a fact of his copy, asked once
        for the game, and the refusal had nothing to do with it. A cell the error names (a
        value the rule cannot use) is not kept. Returns the keys kept."""
        from paragraphs.book.cells import REMEMBERED_CELLS

        remembered = dict(self.state.extra.get(REMEMBERED_CELLS) or {})
        new = {k: v for k, v in pending.answers.items() if k.startswith("cell.") and k not in remembered and k not in error}
        if not new:
            return []
        before = self.state.snapshot()
        value = {**remembered, **new}
        self.state.extra[REMEMBERED_CELLS] = value
        self._record({"action": "extra", "start": "cells:" + ",".join(sorted(new)), "key": REMEMBERED_CELLS, "value": value, "note": f"table cells kept from the refused step {pending.label}: " + ", ".join(f"{k} = {words_for(v)}" for k, v in sorted(new.items())), "trail": [], "rolls": []}, before)
        self.save()
        return sorted(new)

    def _answer_line(self, line: str) -> Reply:
        pending = self.pending
        assert pending is not None and pending.question is not None
        text = line.strip()
        word = text.split()[0].lower() if text else ""
        if word in ("cancel", "back"):
            self.pending = None
            return Reply("info", [f"step {pending.label} dropped: nothing of it was kept"], {"cancelled": pending.label})
        if word == "undo":
            self.pending = None
            try:
                reply = self.undo(text.split()[1] if len(text.split()) > 1 else None)
            except ParagraphsError as exc:
                # nothing was undone: the step and its question still wait, not dropped unsaid
                self.pending = pending
                return self._error(f"{exc}; the question still waits (answer it, or cancel to drop the step)")
            reply.lines.insert(0, f"step {pending.label} dropped")
            return reply
        if word in ("sheet", "log", "help", "?"):
            reply = self._command(word)
            reply.question = pending.question
            return reply
        if word in ("quit", "exit"):
            self.pending = None
            return Reply("quit", [f"step {pending.label} dropped: nothing of it was kept"], {})
        return self.answer(text)

    def answer(self, raw: Any) -> Reply:
        """Answer the waiting question (a die face, yes/no, a number, a choice id)."""
        pending = self.pending
        if pending is None or pending.question is None:
            return self._error("no question is waiting")
        try:
            if pending.question.kind == "die":
                face = _parse_face(raw, pending.die, pending.question)
                pending.faces.append(face)
                if pending.die is None:  # not physical mode: the roll is an answer the engine takes
                    pending.answers[pending.question.key] = face
            else:
                assert pending.asked is not None
                pending.answers[pending.asked.key] = pending.asked.parse(raw)
        except ParagraphsError:
            return self._error(_how_to_answer(pending.question), question=pending.question)
        return self._advance()

    # ---------------------------------------------------------------- sheet edits
    def set_value(self, words: list[str]) -> Reply:
        """``set NAME VALUE``: record a value of the table (a declared track, or a sheet value)."""
        known = self.settable()
        if not self.offers("values"):
            # a title without tracks or counters (a referee of procedures) once answered
            # "no value 'foo' to set (known: )"
            raise self._not_offered("set")
        if len(words) < 2:
            raise UsageError("set needs a name and a value: set condition 2 (names: " + ", ".join(known) + ")")
        name, raw = words[0], " ".join(words[1:])
        counter = next((c for c in self.state.counters if c.lower() == name.lower()), None)
        if counter is not None:
            # a counter keeps its ledger: setting it records the one change that gets there
            try:
                target = int(raw)
            except ValueError:
                raise UsageError(f"set {name} needs a whole number, not {raw!r}") from None
            delta = target - int(self.state.counters.get(counter, 0))
            reason = f"set to {target} by the player"
            return self._count(counter, delta, reason, f"{counter.upper()} is now {target}")
        if name not in known:
            raise UsageError(f"no value {name!r} to set (known: {', '.join(known)})")
        track = self.engine.book.tracks.get(name)
        if track is not None and track.question is not None:
            try:
                value: Any = track.question.parse(raw)
            except ParagraphsError:
                raise UsageError(f"{name}: {_how_to_answer(_prompt_of(track.question))}") from None
        else:
            current = self.state.values.get(name)
            value = _auto(raw) if isinstance(current, int) or current is None else raw
        return self._edit("set", f"set:{name}", {"value": value}, lambda s: s.values.__setitem__(name, value), f"{name} is now {words_for(value)}")

    def settable(self) -> list[str]:
        return sorted({*self.engine.book.tracks, *self.state.counters, *(k for k, v in self.state.values.items() if not isinstance(v, (list, dict)))})

    def add_vp(self, words: list[str]) -> Reply:
        """``vp +1 truck destroyed``: victory points earned on the board, with the reason."""
        counter = self._vp_counter()
        if counter is None:
            raise self._not_offered("vp")
        if not words:
            raise UsageError("vp needs a change and a reason: vp +1 truck destroyed")
        try:
            delta = int(words[0])
        except ValueError:
            raise UsageError(f"vp needs a whole number such as +1 or -2 first, not {words[0]!r}") from None
        if delta == 0:
            raise UsageError(f"vp {words[0]} changes nothing: give the points won or lost, such as vp +1 truck destroyed")
        if len(words) < 2:
            # the sheet lists every change with its reason: one without would say nothing
            raise UsageError(f"vp {delta:+d} needs a reason, what earned or cost the points: vp {delta:+d} truck destroyed")
        reason = " ".join(words[1:])
        return self._count(counter, delta, reason, f"VP {delta:+d} ({reason})")

    def _vp_counter(self) -> str | None:
        """The title's VP counter, whatever its case, or None."""
        return next((c for c in self.engine.book.counters if c.lower() == "vp"), None)

    def _count(self, counter: str, delta: int, reason: str, said: str) -> Reply:
        details = {"counter": counter, "delta": delta, "reason": reason, "paragraph": "board"}
        return self._edit("counter", f"{counter}:{delta:+d}", details, lambda s: s.add_counter(counter, delta, reason, "board"), said)

    def _edit(self, action: str, start: str, details: dict[str, Any], change: Callable[[State], None], said: str) -> Reply:
        """A change the player makes to the sheet, journaled (and replayed by undo) like a step."""
        before = self.state.snapshot()
        change(self.state)
        self._record({"action": action, "start": start, **details, "trail": [], "rolls": []}, before)
        self.save()
        return Reply("step", [said], {"step": {"start": start, "status": "done", **details}})

    def _record(self, entry: dict[str, Any], before: dict[str, Any]) -> None:
        self.state.record(entry, before)

    def _set_dice(self, mode: str, why: str) -> None:
        before = self.state.snapshot()
        value = {**(self.state.extra.get(SESSION_KEY) or {}), "dice": mode}
        self.state.extra[SESSION_KEY] = value
        self._record({"action": "extra", "start": f"dice:{mode}", "key": SESSION_KEY, "value": value, "note": why, "trail": [], "rolls": []}, before)
        self.notices.append(why)

    def drop_gone_hooks(self) -> None:
        """Disarm the hooks the content no longer has (their paragraph or hook is gone, after
        an update or with another overlay): such a hook can never run, and while armed it
        stopped every report of its event. One journaled step, undoable, said as a notice."""
        gone = gone_hooks(self.engine.book, self.state.hooks)
        if not gone:
            return
        before = self.state.snapshot()
        ids = [str(h.get("id")) for h in gone]
        self.state.hooks = [h for h in self.state.hooks if str(h.get("id")) not in ids]
        said = "; ".join(f"armed hook {h.get('id')!r} ({_hook_line(h)})" for h in gone)
        note = f"{said} dropped: {self.engine.book.title} no longer has {'it' if len(gone) == 1 else 'them'}, so {'it' if len(gone) == 1 else 'they'} could never run (undo puts {'it' if len(gone) == 1 else 'them'} back)"
        self._record({"action": "drop_hooks", "start": "drop-hooks", "hooks": ids, "note": note, "trail": [], "rolls": []}, before)
        self.notices.append(note)

    def undo(self, step: str | None) -> Reply:
        if step is not None and not step.isdigit():
            raise UsageError(f"undo takes a step number from the log, not {step!r}")
        n = self.engine.undo(self.state, int(step) if step else None)
        self.save()
        return Reply("step", [f"undid {n} step(s)"], {"undone": n})

    def save(self) -> None:
        if self.path is not None:
            save_state(self.state, self.path)

    # ---------------------------------------------------------------- views
    def sheet_data(self) -> dict[str, Any]:
        data = self.state.summary(tuple(self.engine.book.tracks))
        data["values"] = {k: v for k, v in data["values"].items()}
        data["ledger"] = list(self.state.ledger)
        data["extra"] = {k: v for k, v in self.state.extra.items() if not k.startswith("_")}
        data["dice"] = self.dice_mode
        data["sections"] = {sec.id: sec.data(self.state, self.engine.book) for sec in self.sections if sec.data}
        return data

    def sheet(self) -> str:
        s = self.state
        book = self.engine.book
        lines = [style(f"{book.name} - record sheet", "bold")]
        claimed = {c for sec in self.sections for c in sec.claims}
        for name in book.tracks:
            lines.append(f"  {name}: {words_for(s.values[name]) if name in s.values else '(not set)'}")
        other = {k: v for k, v in s.values.items() if k not in book.tracks and k not in claimed}
        for k, v in sorted(other.items()):
            lines.append(f"  {k.replace('_', ' ')}: {words_for(v)}")
        lines.append("  sightings: " + (", ".join(_sighting_label(s, sid) for sid in sorted(s.sightings)) or "none"))
        for name, value in sorted(s.counters.items()):
            lines.append(f"  {name.upper()}: {value}")
            for entry in [e for e in s.ledger if e["counter"] == name][-10:]:
                lines.append(f"     {entry['delta']:+d}  {entry['reason']}" + (f" ({entry['paragraph']})" if entry.get("paragraph") else ""))
        if s.notes:
            lines.append("  notes:")
            lines += [f"   - {n['text']} ({n['paragraph']})" for n in s.notes]
        if s.hooks:
            lines.append("  armed:")
            lines += [f"   - {_hook_line(h)}" for h in s.hooks]
        if s.retired:
            lines.append("  retired: " + ", ".join(s.retired))
        for section in self.sections:
            lines += [f"  {line}" for line in section.render(s, book)]
        for key, value in sorted(s.extra.items()):
            if key.startswith("_") or key in claimed:
                continue
            lines.append(f"  {key.replace('_', ' ')}:")
            lines += [f"   - {item}" for item in _items(value)]
        lines.append(f"  dice: {self.dice_mode}")
        return "\n".join(lines)

    def log_data(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in entry.items() if k != "before"} for entry in self.state.journal]

    def log(self) -> str:
        lines = []
        for entry in self.state.journal:
            lines.append(f"{entry['step']:>3}. {self._log_line(entry)}")
        return "\n".join(lines) or "(nothing yet)"

    def _log_line(self, entry: dict[str, Any]) -> str:
        """One journal step as the player reads it: what was done, the answers given (by
        their question's text, never a key) and each die with what it meant."""
        start = str(entry.get("start", ""))
        action = entry.get("action", "")
        parts = []
        if action == "set":
            parts.append(f"set {start.split(':', 1)[1]} to {words_for(entry.get('value'))}")
        elif action == "counter":
            parts.append(f"{str(entry.get('counter', '')).upper()} {int(entry.get('delta', 0)):+d} ({entry.get('reason', '')})")
        elif action in ("extra", "drop_hooks"):
            parts.append(str(entry.get("note") or start))
        elif action == "perform":
            procedure = entry.get("procedure")
            record = next((v for v in self.verbs.values() if v.procedure == procedure), None)
            verb = record.id if record is not None else procedure
            args = entry.get("args") or {}
            # in the verb's own order: a save keeps the arguments with sorted keys, and a
            # resumed log must still read as the line the player typed
            named = [a.name for a in record.arguments] if record is not None else []
            said = " ".join(str(args[k]) for k in [*(n for n in named if n in args), *(k for k in args if k not in named)] if args[k] is not None)
            parts.append(f"{verb} {said}".strip() + (" > " + " > ".join(entry["trail"]) if entry.get("trail") else ""))
        elif action == "event":
            parts.append(f"event {start.removeprefix('event:').replace('_', ' ')}" + (" > " + " > ".join(entry["trail"]) if entry.get("trail") else ""))
        else:
            parts.append(" > ".join(entry.get("trail", [])) or start)
        answers = {k: v for k, v in (entry.get("answers") or {}).items() if not str(k).startswith("roll.")}
        if answers:
            parts.append("answers: " + "; ".join(f"{self._question_text(k)} {words_for(v)}" for k, v in answers.items()))
        rolls = entry.get("rolls") or []
        if rolls:
            parts.append("dice: " + ", ".join(f"{r['die']} {r['value']}" + (f" ({r['meaning']})" if r.get("meaning") else "") for r in rolls))
        if entry.get("did"):
            parts.append("did: " + "; ".join(str(d) for d in entry["did"]))
        return "  ".join(p for p in parts if p)

    def step_did(self, before: State, result: Any) -> list[str]:
        """What a finished step did, for the log and the recap (``did:``): by default what it
        changed on the sheet (:meth:`_did`). A title whose steps say what they do in the
        game's own words (a raid's phase) says that instead."""
        return self._did(before, result.state)

    def _did(self, before: State, after: State) -> list[str]:
        """What a step changed on the sheet, in words: sightings marked, counters and values
        changed, reminders armed or gone, notes, and new lines of the title's sheet sections.
        Only what the sheet shows, so nothing ahead of the paragraphs read is named."""
        book = self.engine.book
        claimed = {c for sec in self.sections for c in sec.claims}
        did = [f"marked {_sighting_label(after, sid)}" for sid in sorted(set(after.sightings) - set(before.sightings))]
        for sid in sorted(set(after.sightings) & set(before.sightings)):
            # a sighting held by several observers: one more, or one fewer, is a change too
            held, holds = set(before.observers(sid)), set(after.observers(sid))
            if holds - held:
                did.append(f"marked {_sighting_label(after, sid)}")
            if held - holds:
                did.append(f"{sid} no longer held by {', '.join(sorted(held - holds))}")
        for name in sorted(set(after.counters) | set(before.counters)):
            old, new = int(before.counters.get(name, 0)), int(after.counters.get(name, 0))
            if old != new:
                did.append(f"{name.upper()} {new - old:+d} (now {new})")
        for name in sorted(set(after.values) | set(before.values)):
            new_value, old_value = after.values.get(name), before.values.get(name)
            if name in claimed or name.startswith("_") or new_value == old_value or isinstance(new_value, (list, dict)):
                continue
            did.append(f"{name.replace('_', ' ')}: {words_for(new_value) if name in after.values else '(cleared)'}")
        armed = {h["id"] for h in before.hooks}
        still = {h["id"] for h in after.hooks}
        did += [f"armed {_hook_line(h)}" for h in after.hooks if h["id"] not in armed]
        did += [f"no longer armed: {_hook_line(h)}" for h in before.hooks if h["id"] not in still]
        noted = {n.get("text") for n in before.notes}
        did += [f"note: {_short(str(n['text']))}" for n in after.notes if n.get("text") not in noted]
        did += [f"retired {pid}" for pid in after.retired if pid not in before.retired]
        for section in self.sections:
            old_lines = set(section.render(before, book))
            # a section's own new lines (a heading such as "On the map:" is not a change)
            fresh = [line.strip().removeprefix("- ") for line in section.render(after, book) if line not in old_lines and not line.rstrip().endswith(":")]
            did += fresh[:4] + ([f"{len(fresh) - 4} more lines of the sheet changed (sheet)"] if len(fresh) > 4 else [])
        return did

    def _question_text(self, key: str) -> str:
        """What the player read for an answer key (``pc.2`` is the second man's PC)."""
        base, _, sub = key.partition(".")
        q = self.engine.book.questions.get(key) or self.engine.book.questions.get(base)
        if q is None:
            return key.replace("_", " ") + ":"
        return q.prompt + (self.answer_index(int(sub)) if sub.isdigit() else "")

    def answer_index(self, n: int) -> str:
        """How the log tells apart the answers to one question asked several times in a
        step (a paragraph of the man-by-man kind asks it of each man in turn)."""
        return f" (man {n})"

    def recap(self) -> str:
        """Where the session stands: the last step, the phase and what is armed."""
        s = self.state
        # the last step played: hooks dropped at this resume are said in their notice
        played = next((e for e in reversed(s.journal) if e.get("action") != "drop_hooks"), None)
        last = f"last step: {self._log_line(played)}" if played else "no step yet"
        lines = [last]
        if "phase" in s.values:
            lines.append(f"phase: {words_for(s.values['phase'])}")
        if s.hooks:
            lines.append("armed: " + "; ".join(_hook_line(h) for h in s.hooks))
        lines.append(f"dice: {self.dice_mode}")
        return "\n".join(lines)

    def odds(self, target: str, *words: str) -> str:
        """Exact odds from the session's state, folded to the terminal like ``paragraphs odds``.

        ``target`` is a paragraph, or a title command (a session verb): then the odds are
        those of the procedure the verb would perform, with the arguments typed after it
        (``odds fire I2 U3``), nothing of it kept. Answers follow as ``key=value`` and
        ``--depth N`` stops each branch after N paragraphs.
        """
        from paragraphs.odds import paragraph_odds, procedure_odds
        from paragraphs.odds.render import render

        verb = self.verbs.get(target.lower())
        if verb is None and not self.engine.book.paragraphs:
            raise UsageError(f"no odds for {target!r}: odds takes a command ({', '.join(sorted(self.verbs))}) and its arguments")
        given: dict[str, str] = {}
        depth: int | None = None
        plain: list[str] = []  # the verb's own arguments, as typed after it
        items = list(words)
        while items:
            word = items.pop(0)
            if word.startswith("--depth"):
                value = word.partition("=")[2] or (items.pop(0) if items else "")
                if not value.isdigit():
                    raise UsageError("--depth takes a number of paragraphs (odds 137 --depth 1)")
                depth = int(value)
            elif "=" in word and not word.startswith("="):
                key, _, value = word.partition("=")
                _give_once(given, key, value)
            elif verb is not None:
                plain.append(word)
            else:
                raise UsageError(f"odds: {word!r} is neither KEY=VALUE nor --depth N")
        if verb is not None:
            args = _verb_args(verb, plain)
            result = procedure_odds(self.engine, verb.procedure, self.state, given, args=args, depth=depth)
        else:
            result = paragraph_odds(self.engine, target, self.state, given, depth=depth)
        return render(result, title=self.engine.book.title)

    def cells(self, words: list[str]) -> Reply:
        """``cells``: the table cells the player gave this session (the source does not
        give them); ``cells export DIR``: write them as an overlay, ``DIR/cells.yaml``,
        which ``--overlay DIR`` reads back so that they are never asked again."""
        from paragraphs.book.cells import REMEMBERED_CELLS

        entered = dict(self.state.extra.get(REMEMBERED_CELLS) or {})
        if not words:
            if not entered:
                return self._info("no table cell was given in this session", cells={})
            text = "\n".join(f"{key}: {as_cell_words(value)}" for key, value in sorted(entered.items()))
            return self._info(text, cells=entered)
        if words[0] != "export" or len(words) != 2:
            raise UsageError("cells takes nothing (to list the cells you gave) or export DIR (cells export my-overlay)")
        folder = Path(words[1]).expanduser()
        written = folder / "cells.yaml"
        if written.exists() and not _is_cells_export(written):
            # an overlay the player wrote himself (a filled template, say) is never overwritten
            raise UsageError(f"{written} is there and was not written by cells export: choose another folder")
        from paragraphs.audits.gaps import cells_overlay, exported_cells

        # an earlier export there keeps its cells: a game played with --overlay DIR asks none
        # of them again, so exporting it to DIR once wrote "cells: []" over them
        earlier = {k: v for k, v in exported_cells(written).items() if k not in entered} if written.exists() else {}
        try:
            path = cells_overlay({**earlier, **entered}, folder, title=self.engine.book.title)
        except OSError as exc:
            raise UsageError(f"cannot write {written}: {exc.strerror or exc}") from None
        text = f"{len(entered)} cell{'s' if len(entered) != 1 else ''} written to {path}" + (f" (with {len(earlier)} kept from the earlier export)" if earlier else "") + f": play with --overlay {folder} to use them"
        return self._info(text, cells=entered, file=str(path))

    # ---------------------------------------------------------------- helpers
    def _info(self, text: str, **data: Any) -> Reply:
        return Reply("info", text.splitlines(), {"text": text, **data})

    def _error(self, message: str, *, question: Prompt | None = None) -> Reply:
        return Reply("error", [f"error: {message}"], {"error": message}, question or self.question)

    def _step_json(self, result: Any) -> dict[str, Any]:
        data: dict[str, Any] = result.to_json(tuple(self.engine.book.tracks))
        data["step"] = len(self.state.journal)
        return data


# --------------------------------------------------------------------------- wording


def words_for(value: Any) -> str:
    """A value as the player reads it: ``yes``/``no``, lists joined, mappings as ``key value``."""
    if value is None:
        return "(not set)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ") if value.isidentifier() else value
    if isinstance(value, (list, tuple)):
        return ", ".join(words_for(v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')} {words_for(v)}" for k, v in value.items() if v not in (None, [], {})) or "none"
    return str(value)


def as_cell_words(value: Any) -> str:
    """A cell the player gave, as he reads it (``prohibited``, ``none`` or the value)."""
    from paragraphs.book.cells import answered_cell

    return answered_cell(value, origin="").words()


def _is_cells_export(path: Path) -> bool:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.readline().startswith("# Cells entered during a session")
    except (OSError, UnicodeDecodeError):
        return False


def resolution_lines(result: Any, *, skip: int = 0) -> list[str]:
    """A finished step as the player reads it: paragraphs, instructions, dice and what they
    meant (``skip``: the first instructions, already shown before a question)."""
    lines = []
    if result.trail:
        lines.append(style("Paragraphs: " + " > ".join(result.trail), "dim"))
    several = len({i.paragraph for i in result.instructions}) > 1
    for ins in result.instructions[skip:]:
        tag = f"[{ins.paragraph}] " if several else ""
        colour = {"no_event": "dim", "counter": "green", "note": "cyan", "hook": "magenta", "result": "bold", "warning": "yellow"}.get(ins.kind)
        text = f"{tag}{ins.text}"
        lines.append(style(text, colour) if colour else text)
    for roll in result.rolls:
        mod = f" -> {roll.total}" if roll.total != roll.value else ""
        meant = f": {roll.meaning}" if getattr(roll, "meaning", "") else ""
        typed = " (your die)" if roll.source == "physical" else ""
        lines.append(style(f"  rolled {roll.die}: {roll.value}{mod}{typed} for {roll.purpose}{meant}", "dim"))
    if not lines:
        lines.append("(nothing to do)")
    return lines


def _sighting_label(state: State, sid: str) -> str:
    """``U3 (by I1, I2)``: a sighting and who holds it."""
    observers = state.observers(sid)
    return f"{sid} (by {', '.join(observers)})" if observers else sid


def _short(text: str, width: int = 60) -> str:
    """A long text cut for a log line (the sheet keeps it whole)."""
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


def gone_hooks(book: Any, hooks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The armed ``hooks`` whose paragraph, or whose hook in it, ``book`` no longer has."""
    from paragraphs.book.model import HookStep, walk_steps

    gone = []
    for hook in hooks:
        par = book.paragraphs.get(str(hook.get("paragraph", "")))
        if par is None or not any(isinstance(step, HookStep) and step.id == hook.get("id") for step in walk_steps(par.steps)):
            gone.append(hook)
    return gone


def _hook_line(hook: dict[str, Any]) -> str:
    return f"when {hook['event'].replace('_', ' ')} ({hook['paragraph']})" + (f": {hook['note']}" if hook.get("note") else "")


def _how_to_answer(prompt: Prompt) -> str:
    if prompt.kind == "die":
        return f"type the face your die shows, {prompt.domain} ({prompt.text})"
    if prompt.kind == "yesno":
        return f"type yes or no ({prompt.text})"
    if prompt.kind == "integer":
        return f"type a whole number {prompt.domain} ({prompt.text})"
    if prompt.choices:
        return f"type one of {', '.join(cid for cid, _ in prompt.choices)} ({prompt.text})"
    # a table cell's question has no choices: its domain says what to type
    return f"type {prompt.domain or 'an answer'} ({prompt.text})"


def _prompt_of(q: Any) -> Prompt:
    return Prompt(q.key, q.prompt, q.type, q.describe_domain(), tuple(q.choices))


def _parse_face(raw: Any, die: Die | None, prompt: Prompt) -> int:
    if die is not None:
        return die.landed(raw)  # the title's zero rule; replayed through Die.read, which applies a code's constant
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise UsageError("not a number") from None
    lo, _, hi = prompt.domain.partition("-")
    if lo.strip().lstrip("-").isdigit() and hi.strip().isdigit() and not int(lo) <= value <= int(hi):
        raise UsageError("not a face of the die")
    return value


def _verb_args(verb: Any, words: list[str]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    usage = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in verb.arguments)
    rest = list(words)
    for arg in verb.arguments:
        if not rest:
            if not arg.optional:
                raise UsageError(f"{verb.id} needs {arg.name}: {verb.id} {usage}" + (f" ({arg.name}: {arg.help})" if arg.help else ""))
            args[arg.name] = None
            continue
        raw = " ".join(rest) if arg.rest else rest[0]
        rest = [] if arg.rest else rest[1:]
        if arg.type == "integer":
            try:
                args[arg.name] = int(raw)
            except ValueError:
                raise UsageError(f"{verb.id}: {arg.name} must be a whole number, not {raw!r}") from None
        elif arg.type == "choice":
            if raw not in arg.choices:
                raise UsageError(f"{verb.id}: {arg.name} must be one of {', '.join(arg.choices)}, not {raw!r}")
            args[arg.name] = raw
        else:
            args[arg.name] = raw
    if rest:
        raise UsageError(f"{verb.id} takes {usage or 'no arguments'}; {' '.join(rest)!r} is extra")
    return args


def _items(value: Any) -> list[str]:
    """Title data on the sheet, one line per record: ``GE 18: status active, hex E-3``."""

    def flat(v: Any) -> str:
        if isinstance(v, dict):
            return ", ".join(f"{k.replace('_', ' ')} {flat(x)}" for k, x in v.items() if x not in (None, [], {}))
        if isinstance(v, list):
            return ", ".join(flat(x) for x in v)
        return words_for(v)

    if isinstance(value, dict):
        return [f"{k}: {flat(v)}" for k, v in value.items()]
    if isinstance(value, list):
        return [flat(v) for v in value]
    return [flat(value)]


def _auto(raw: str) -> Any:
    try:
        return int(raw)
    except ValueError:
        return raw
