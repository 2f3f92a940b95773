"""``paragraphs play`` and ``paragraphs sessions`` at a terminal: the loop that drives a
:class:`~paragraphs.companion.session.Session` (print, prompt, read, send), and the automatic
playthrough of a paragraph book (``play --auto``).

The session itself knows nothing of terminals or command lines: it lives one layer below
(:mod:`paragraphs.companion.session`), and this module is the front end that reads and prints.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from paragraphs.cli.commands import open_engine, other_content, print_resolution
from paragraphs.cli.terminal import emit_json, style
from paragraphs.book.cells import is_cell_key
from paragraphs.book.dice import SeededDice
from paragraphs.foundation.errors import UsageError
from paragraphs.companion.session import Reply, Session, list_sessions, session_path, sessions_dir, title_options
from paragraphs.state import State, hold_save, load_state, save_exists

def cmd_play(args: argparse.Namespace, host: Any) -> int:
    """``paragraphs play TITLE``: a title's own play (an automatic raid game), else the
    core session for paragraph books."""
    for ext in host.records("paragraphs_register_commands", args.title):
        if ext.extends == "play" and ext.title == args.title and ext.run is not None:
            return ext.run(args, host)  # type: ignore[no-any-return]
    return run_play(args, host)


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
        refuse_seed_on_resume(args)
        state = load_state(path, title=engine.book.title)
        for key, value in options.items():
            if key in state.values and state.values[key] != value:
                raise UsageError(f"session {args.session!r} has {key} {state.values[key]}, not {value}: choose another --session, or --new to start over")
        resumed = True
    else:
        state = engine.new_state(**options)
        resumed = False
    session = Session(engine, state, path=path, dice=args.dice, seed=args.seed)
    if resumed:
        # hooks the content no longer has are dropped (a notice says which), then the
        # warning names what else the save holds that the content lacks
        session.drop_gone_hooks()
        changed = other_content(state, engine.book)
        if changed:
            sys.stderr.write(f"paragraphs: warning: {changed}\n")
    if not resumed or session.notices:
        session.save()
    return drive(session, as_json=args.json, banner=f"{engine.book.name}: session {path} ({'resumed' if resumed else 'new'}). Type a paragraph number, or help.", recap=resumed)


def refuse_seed_on_resume(args: argparse.Namespace) -> None:
    """Refuse ``--seed`` on a ``play`` that resumes a saved session (every title calls this).

    A resumed session goes on with the dice it was started with (the seed is in its save,
    and undo replays from it): a seed typed now would be silently unused, and a player who
    typed it to replay a game would believe it was. The refusal names both ways out.

    Raises:
        UsageError: ``--seed`` was given (exit 2).
    """
    if getattr(args, "seed", None) is not None:
        raise UsageError(
            f"--seed {args.seed}: session {args.session!r} is resumed with the dice it was started with: "
            f"drop --seed to go on with it, or add --new to start it again with seed {args.seed}"
        )


def drive(session: Session, *, as_json: bool = False, banner: str = "", recap: bool = False, read_line: Callable[[str], str] | None = None) -> int:
    """The loop a terminal (or a pipe) runs: print, prompt, read, send, until quit or end of input."""
    reader = read_line or (_read_quietly if as_json else _input)

    def emit(data: Any) -> None:
        # JSON Lines: one document per reply, so a front end reads it line by line
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    def show(reply: Reply) -> None:
        if as_json:
            emit(reply.to_json())
            return
        for line in reply.lines:
            print(style(line, "red") if reply.kind == "error" and line.startswith("error:") else line)

    if as_json:
        opening = {"kind": "session", "text": banner, "recap": session.recap() if recap else None, "notices": session.notices, "sheet": session.sheet_data()}
        if session.question is not None:  # a game that asks its first die at once says so
            opening["question"] = session.question.to_json()
        emit(opening)
    else:
        print(style(banner, "bold"))
        for notice in session.notices:
            print(style(f"note: {notice}", "yellow"))
        if recap:
            print(session.recap())
    while True:
        prompt = session.question.line() if session.question else "> "
        try:
            line = reader(prompt)
        except (EOFError, KeyboardInterrupt):
            if not as_json:
                print()
            show(session.end_of_input())
            return 0
        reply = session.send(line)
        show(reply)
        if reply.kind == "quit":
            return 0


def _read_quietly(prompt: str) -> str:
    """``--json``: the question is in the data; nothing else goes to the output."""
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


def _input(prompt: str) -> str:
    if not sys.stdin.isatty():
        # piped input: still print the prompt, so a transcript shows what was asked
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\n")
        sys.stdout.write(line + "\n")
        return line
    return input(prompt)


def cmd_sessions(args: argparse.Namespace, host: Any) -> int:
    """``paragraphs sessions [TITLE]``: saved sessions and where they are stored."""
    found = list_sessions(getattr(args, "title", None))
    if getattr(args, "json", False):
        emit_json({"folder": str(sessions_dir()), "sessions": found})
        return 0
    print(f"sessions are stored in {sessions_dir()} (PARAGRAPHS_DATA_DIR, else XDG_DATA_HOME/paragraphs)")
    if not found:
        print("no saved session")
    for s in found:
        mission = f", mission {s['values']['mission']}" if s.get("values", {}).get("mission") is not None else ""
        steps = "unreadable" if s.get("problem") else f"{s['steps']} steps"
        print(f"  {s['title']} {s['name']}: {steps}{mission}  ({s['file']})")
    return 0


class RandomPolicy:
    """The core's automatic player for paragraph books: answers every question at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def answer(self, question: Any, state: State) -> Any:
        return question.random_answer(self.rng)


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
    unknown_cell = ""
    for start in dict.fromkeys(entries):
        answers: dict[str, Any] = {}
        for _ in range(200):
            result = engine.resolve(start, state, answers, dice=dice)
            if result.done:
                break
            q = result.questions[0]
            if is_cell_key(q.key):
                # A table cell the source does not give: no policy may make one up (never a
                # guess), so the playthrough stops here, as randomtest's runs do, and says
                # which cell an overlay would have to give.
                unknown_cell = q.key
                break
            answers[q.key] = policy.answer(q, state)
        else:
            raise UsageError(f"{start}: still asking after 200 answers")
        log.append((start, answers, result))
        if not args.json:
            print(style(f"== {start}" + (" (" + ", ".join(f"{k}={v}" for k, v in answers.items()) + ")" if answers else ""), "bold"))
            if not unknown_cell:
                print_resolution(result, engine)
        if unknown_cell:
            break
        state = result.state
    if args.json:
        tracks = tuple(engine.book.tracks)
        payload: dict[str, Any] = {"seed": seed, "steps": [{"start": st, "answers": ans, **res.to_json(tracks)} for st, ans, res in log], "state": state.summary(tracks)}
        if unknown_cell:
            payload["stopped_at_unknown_cell"] = unknown_cell
        emit_json(payload)
    else:
        if unknown_cell:
            print(style(f"stopped: {unknown_cell} is a table cell the source does not give; lay a value over it in an overlay "
                        f"(paragraphs template {engine.book.title} DIR writes one to fill in, then --overlay DIR)", "yellow"))
        summary = state.summary(tuple(engine.book.tracks))
        print(style(f"Counters: {summary['counters']}; sightings: {', '.join(summary['sightings']) or 'none'}", "bold"))
    return 0
