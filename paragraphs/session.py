"""``paragraphs play``: an interactive companion session for a paragraph book.

The player types a paragraph number (from a card, a counter, the booklet) or a command;
the session rolls (or asks for the player's own dice), asks the questions only the
player can answer, shows only the instructions reached, and saves after every step.
It resumes where it stopped, undoes, and prints the record sheet on request.
Titles with a different kind of play (an automatic game) take over ``play`` through the
``paragraphs_register_commands`` hook.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from paragraphs.cli.commands import open_engine, print_resolution
from paragraphs.cli.terminal import emit_json, style
from paragraphs.dice import Die, PhysicalDice, SeededDice
from paragraphs.errors import ParagraphsError, UsageError
from paragraphs.state import State, hold_save, load_state, save_exists, save_state

CORE_PLAY_OPTIONS = {"title", "session", "seed", "dice", "auto", "policy", "json", "new", "overlay", "no_cache", "command"}

HELP = """Commands:
  <paragraph> [key=value ...]
                     read a paragraph (the number from your card, counter or booklet),
                     optionally with answers you already know (pc=5 hex=K-12)
  event <name>       report an event some armed hook waits for (events lists them)
  events             list the events armed hooks and sightings wait for
  set <name> <value> record a value from the table (a track such as the Condition)
  sheet              show the record sheet
  log                show what was done, step by step
  undo [step]        undo the last step, or back to just before a step of the log
  odds <paragraph>   exact odds of a paragraph for the current sheet
  help               this list
  quit               leave (the session is saved after every step)"""


def sessions_dir() -> Path:
    explicit = os.environ.get("PARAGRAPHS_DATA_DIR")
    base = Path(explicit) if explicit else Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "paragraphs"
    return base / "sessions"


def session_path(title: str, name: str) -> Path:
    if name.endswith(".json") or os.sep in name:
        return Path(name)
    return sessions_dir() / f"{title}-{name}.json"


def title_options(args: argparse.Namespace) -> dict[str, Any]:
    return {k: v for k, v in vars(args).items() if k not in CORE_PLAY_OPTIONS and not k.startswith("_") and v is not None}


class Session:
    """One play session: an engine, its state on disk, and how to ask the player."""

    def __init__(self, engine: Any, path: Path, state: State, *, physical: bool, seed: int | None, ask: Callable[[str], str], out: Callable[[str], None], as_json: bool = False) -> None:
        self.engine = engine
        self.path = path
        self.state = state
        self.ask = ask
        self.out = out
        self.as_json = as_json
        self.dice = PhysicalDice(self._ask_roll) if physical else SeededDice(seed if seed is not None else None)

    # ---------------------------------------------------------------- prompts
    def _ask_roll(self, die: Die, purpose: str) -> int:
        while True:
            text = self.ask(f"roll {die.name} for {purpose} [{die.low}-{die.high}]: ").strip()
            try:
                return die.check_face(int(text))
            except (ValueError, ParagraphsError):
                self.out(f"  type a number from {die.low} to {die.high}")

    def _ask_question(self, q: Any) -> Any:
        while True:
            text = self.ask(f"{q.prompt} [{q.describe_domain()}]: ").strip()
            try:
                return q.parse(text)
            except UsageError as exc:
                self.out(f"  {exc}")

    # ---------------------------------------------------------------- actions
    def read(self, paragraph: str, given: dict[str, str] | None = None) -> None:
        preset = self.engine.parse_answers(given or {})
        self._resolve(lambda answers: self.engine.resolve(paragraph, self.state, {**preset, **answers}, dice=self.dice))

    def event(self, name: str) -> None:
        self._resolve(lambda answers: self.engine.fire(name, self.state, answers, dice=self.dice))

    def _resolve(self, attempt: Callable[[dict[str, Any]], Any]) -> None:
        answers: dict[str, Any] = {}
        for _ in range(200):
            result = attempt(answers)
            if result.done:
                self.state = result.state
                self.save()
                if self.as_json:
                    emit_json(result.to_json(tuple(self.engine.book.tracks)))
                else:
                    print_resolution(result, self.engine)
                return
            q = result.questions[0]
            answers[q.key] = self._ask_question(q)
        raise UsageError("too many questions in one step")

    def set_value(self, name: str, raw: str) -> None:
        track = self.engine.book.tracks.get(name)
        value: Any = track.question.parse(raw) if track and track.question else _auto(raw)
        before = self.state.snapshot()
        self.state.values[name] = value
        self.state.record({"action": "set", "start": f"set:{name}", "value": value, "trail": [], "rolls": []}, before)
        self.save()
        self.out(f"{name} = {value}")

    def undo(self, step: str | None) -> None:
        n = self.engine.undo(self.state, int(step) if step else None)
        self.save()
        self.out(f"undid {n} step(s)")

    def save(self) -> None:
        save_state(self.state, self.path)

    # ---------------------------------------------------------------- views
    def sheet(self) -> str:
        s = self.state
        book = self.engine.book
        lines = [style(f"{book.name} - record sheet", "bold")]
        for name in book.tracks:
            lines.append(f"  {name}: {s.values.get(name, '(not set)')}")
        other = {k: v for k, v in s.values.items() if k not in book.tracks}
        for k, v in sorted(other.items()):
            lines.append(f"  {k}: {v}")
        lines.append("  sightings: " + (", ".join(_sighting_label(s, sid) for sid in sorted(s.sightings)) or "none"))
        for name, value in sorted(s.counters.items()):
            lines.append(f"  {name.upper()}: {value}")
            for entry in [e for e in s.ledger if e["counter"] == name][-10:]:
                lines.append(f"     {entry['delta']:+d}  {entry['reason']} ({entry['paragraph']})")
        if s.notes:
            lines.append("  notes:")
            lines += [f"   - {n['text']} ({n['paragraph']})" for n in s.notes]
        if s.hooks:
            lines.append("  armed:")
            lines += [f"   - when {h['event'].replace('_', ' ')} ({h['paragraph']})" + (f": {h['note']}" if h.get("note") else "") for h in s.hooks]
        if s.retired:
            lines.append("  retired: " + ", ".join(s.retired))
        for key, value in sorted(s.extra.items()):
            lines.append(f"  {key.replace('_', ' ')}:")
            lines += [f"   - {item}" for item in _items(value)]
        return "\n".join(lines)

    def log(self) -> str:
        lines = []
        for entry in self.state.journal:
            rolls = ", ".join(f"{r['die']} {r['value']}" for r in entry.get("rolls", []))
            trail = " > ".join(entry.get("trail", []))
            lines.append(f"{entry['step']:>3}. {entry.get('start', '')}  {trail}" + (f"  [{rolls}]" if rolls else ""))
        return "\n".join(lines) or "(nothing yet)"

    def odds(self, paragraph: str) -> str:
        from paragraphs.odds import paragraph_odds

        result = paragraph_odds(self.engine, paragraph, self.state)
        return "\n".join(f"  {p.numerator}/{p.denominator} ({float(p):.3f})  {o.label}" + (f"  assuming {dict(o.answers)}" if o.answers else "") for o, p in result.outcomes)

    # ---------------------------------------------------------------- loop
    def handle(self, line: str) -> bool:
        """Run one command line; returns False to stop."""
        words = line.split()
        if not words:
            return True
        head, rest = words[0].lower(), words[1:]
        try:
            if head in ("quit", "exit", "q"):
                return False
            if head in ("help", "?"):
                self.out(HELP)
            elif head == "sheet":
                self.out(self.sheet())
            elif head == "log":
                self.out(self.log())
            elif head == "undo":
                self.undo(rest[0] if rest else None)
            elif head == "events":
                self.out(", ".join(self.engine.armed_events(self.state)) or "no event is awaited")
            elif head == "event" and rest:
                self.event(rest[0])
            elif head == "set" and len(rest) == 2:
                self.set_value(rest[0], rest[1])
            elif head == "odds" and rest:
                self.out(self.odds(rest[0]))
            else:
                given = dict(w.split("=", 1) for w in rest if "=" in w)
                self.read(words[0], given)
        except ParagraphsError as exc:
            self.out(style(f"error: {exc}", "red"))
        return True


def _sighting_label(state: State, sid: str) -> str:
    """``U3 (by I1, I2)``: a sighting and who holds it."""
    observers = state.observers(sid)
    return f"{sid} (by {', '.join(observers)})" if observers else sid


def _items(value: Any) -> list[str]:
    """Title data on the sheet, one line per record: ``GE 18: status active, hex E-3``."""

    def flat(v: Any) -> str:
        if isinstance(v, dict):
            return ", ".join(f"{k.replace('_', ' ')} {flat(x)}" for k, x in v.items() if x not in (None, [], {}))
        if isinstance(v, list):
            return " ".join(flat(x) for x in v)
        return str(v)

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


def run_play(args: argparse.Namespace, host: Any) -> int:
    """The core ``play`` command for paragraph books."""
    engine = open_engine(args, host)
    path = session_path(engine.book.title, args.session)
    options = title_options(args)
    if args.auto:
        return _auto_play(engine, args)
    with hold_save(path):
        return _play(args, engine, path, options)


def _play(args: argparse.Namespace, engine: Any, path: Path, options: dict[str, Any]) -> int:
    resume = not args.new and save_exists(path)  # never buries a .bak under a new game
    if resume:
        state = load_state(path, title=engine.book.title)
        if args.seed is not None and state.rng is not None:
            raise UsageError("--seed cannot be used when resuming a session whose dice are already seeded (use --new)")
        for key, value in options.items():
            if key in state.values and state.values[key] != value:
                raise UsageError(f"session {args.session!r} has {key} {state.values[key]}, not {value}: choose another --session, or --new to start over")
        resumed = True
    else:
        state = engine.new_state(**options)
        resumed = False
    session = Session(
        engine,
        path,
        state,
        physical=args.dice == "physical",
        seed=args.seed,
        ask=_input,
        out=print,
        as_json=args.json,
    )
    if not resumed:
        session.save()
    if not args.json:
        print(style(f"{engine.book.name}: session {path} ({'resumed' if resumed else 'new'}). Type a paragraph number, or help.", "bold"))
    while True:
        try:
            line = _input("> ")
        except EOFError:
            break
        if not session.handle(line):
            break
    return 0


def _input(prompt: str) -> str:
    if not sys.stdin.isatty():
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")
    return input(prompt)


class RandomPolicy:
    """The core's automatic player for paragraph books: answers every question at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def answer(self, question: Any, state: State) -> Any:
        return self.rng.choice(question.domain())


def _auto_play(engine: Any, args: argparse.Namespace) -> int:
    """An automatic playthrough of a paragraph book: every entry point in turn, with the
    questions answered by a policy (``--policy``; the core's is random) and seeded dice."""
    seed = args.seed if args.seed is not None else 0
    rng = random.Random(seed)
    policy: Any = RandomPolicy(rng)
    if args.policy:
        found = {p.id: p for p in engine.host.records("paragraphs_register_policies", engine.book.title)}
        if args.policy not in found:
            raise UsageError(f"no policy {args.policy!r} for {engine.book.title} (policies: random{', ' if found else ''}{', '.join(sorted(found))})")
        policy = found[args.policy].factory(rng=rng)
    state = engine.new_state(**title_options(args))
    dice = SeededDice(seed)
    entries = [ep.paragraph for ep in engine.book.entry_points if ep.paragraph in engine.book.paragraphs] or list(engine.book.paragraphs)[:1]
    log = []
    for start in dict.fromkeys(entries):
        answers: dict[str, Any] = {}
        for _ in range(200):
            result = engine.resolve(start, state, answers, dice=dice)
            if result.done:
                break
            q = result.questions[0]
            answers[q.key] = policy.answer(q, state)
        else:
            raise UsageError(f"{start}: still asking after 200 answers")
        state = result.state
        log.append((start, answers, result))
        if not args.json:
            print(style(f"== {start}" + (" (" + ", ".join(f"{k}={v}" for k, v in answers.items()) + ")" if answers else ""), "bold"))
            print_resolution(result, engine)
    if args.json:
        tracks = tuple(engine.book.tracks)
        emit_json({"seed": seed, "steps": [{"start": st, "answers": ans, **res.to_json(tracks)} for st, ans, res in log], "state": state.summary(tracks)})
    else:
        summary = state.summary(tuple(engine.book.tracks))
        print(style(f"Counters: {summary['counters']}; sightings: {', '.join(summary['sightings']) or 'none'}", "bold"))
    return 0
