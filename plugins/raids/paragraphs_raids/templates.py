"""The ``play``, ``simulate`` and ``turn`` commands of every raid title, written once.

A raid title describes itself with a :class:`RaidTitle` (its name, phases, optional rules,
how to load its scenario, play a game, read and write a board file, play the German
phase) and gets the three commands from :func:`paragraphs_raids.cli.raid_commands`:

* ``paragraphs play TITLE --auto``: one automatic game and its journal
  (:func:`run_auto_play`); without ``--auto`` the interactive game the title plugs in
  (:attr:`RaidTitle.interactive`);
* ``paragraphs simulate TITLE``: seeded Monte Carlo series, sweeps and charts
  (:func:`run_simulate`);
* ``paragraphs turn TITLE --state BOARD``: the German actions of one turn for a physical
  board (:func:`run_turn`), with seeded, typed or physical dice.

Nothing here names a title: Bruneval and Dieppe differ only in their :class:`RaidTitle`.
The object is sent to worker processes (and Dask workers) by ``simulate``, so a title
makes it an instance of a module-level class whose attributes are plain data.

This module is imported when a command runs, never at CLI start-up (the Command records
come from :func:`paragraphs_raids.cli.raid_commands`, which imports nothing heavy).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from paragraphs.errors import UsageError

from paragraphs_raids.cli import RaidChoices, check_outputs, raid_choices


class RaidTitle(Protocol):
    """What a raid title plugs into the shared commands.

    Attributes:
        id: the title id (``bruneval``).
        name: the printed name (``Raid sur Bruneval 1942``).
        phase_names: phase id -> name; the first word tags each journal line.
        optional_rules: rule word -> what it is (``commando``), for ``--optional``.
        levels: difficulty level -> what it is (empty when the title prints none).
        rulings: ruling id -> its allowed values, for ``simulate --sweep ruling.ID=...``.
        result_levels: the success levels in order, best first (for summaries).
        alert_word: the title's word for its alert track, in what the player reads
            (``turn``'s heading, ``board --new``'s summary, the board file's key). Default
            ``alert``; Dieppe sets ``alarm``, its rulebook's word. Data keeps ``alert``.
        vp_floor: the lowest VP the rules allow: ``simulate`` cuts the interval of the mean
            VP there. Default None, for a title whose rules deduct points (Dieppe);
            Bruneval sets 0.

    A title's class derives from this one, so it inherits the two defaults and sets only
    what differs (mypy then also refuses a title that forgets a method).
    """

    id: str
    name: str
    phase_names: Mapping[str, str]
    optional_rules: Mapping[str, str]
    levels: Mapping[str, str]
    alert_word: str = "alert"
    vp_floor: int | None = None

    # read-only: a title may look these up when first asked (Dieppe imports its rules then)
    @property
    def rulings(self) -> Mapping[str, Sequence[str]]:
        """Ruling id -> its allowed values."""

    @property
    def result_levels(self) -> Sequence[str]:
        """The success levels in order, best first."""

    def load_scenario(self, args: argparse.Namespace, host: Any) -> Any:
        """The scenario with the user's overlays (``--overlay``)."""

    def options(self, choices: RaidChoices) -> Any:
        """The title's options object (with ``to_json()``) for the player's choices."""

    def describe_options(self, options: Any) -> str:
        """The choices in a few words for a banner ("" when nothing is switched on)."""

    def apply_variant(self, scenario: Any, options: Any, variant: Sequence[tuple[str, str]]) -> tuple[Any, Any]:
        """The scenario and options one variant of a ``--sweep`` plays."""

    def play_game(self, scenario: Any, seed: int, player: Any, options: Any, *, record: bool = True, check: bool = False, policy: str = "default", finished: Callable[[Any], None] | None = None) -> Any:
        """One automatic game; returns a :class:`~paragraphs_raids.journal.GameResult`.
        ``finished`` is given the final state (``play --auto --svg`` draws it)."""

    def write_picture(self, path: str, scenario: Any, state: Any) -> None:
        """Draw the board of ``state`` to ``path`` (SVG, :mod:`paragraphs_raids.picture`)."""

    def clock(self, scenario: Any) -> tuple[str, int]:
        """The time of turn 1 and the minutes a turn lasts (for journal headings)."""

    def level_name(self, level: str) -> str:
        """A result level in words for the result line (``partial`` -> ``a partial
        success``); a title whose levels have other ids names them itself."""
        return {"complete": "a complete success", "partial": "a partial success", "failure": "a failure"}.get(level, level)

    def last_turn(self, scenario: Any) -> int:
        """The game's last turn (``turn`` says when the board is at it): the scenario's
        ``params.turns`` unless a title says otherwise."""
        return int(scenario.params.turns)

    # --- the companion for a physical board (``turn``)
    def read_board(self, path: str, scenario: Any, roll: Any, journal: Any, options: Any = None) -> Any:
        """A game state from a board file (located errors as ContentError), with the
        optional rules the file records, or ``options`` (the title's options from
        ``turn``'s ``--optional``/``--difficulty``; None when it names none): a file and
        a command line that disagree are refused (UsageError)."""

    def german_phase(self, state: Any) -> None:
        """Play the German actions of the turn on ``state`` by the rules."""

    def after_german_phase(self, state: Any) -> dict[str, Any]:
        """End the phase (markers lifted, turn marker on); returns facts for the report
        (``alert_rise``: what the alert rises by at the next alert phase; a title whose alert
        counts at once returns no such key, and `turn --out` then asks the player for nothing)."""

    def board_json(self, state: Any) -> dict[str, Any]:
        """The state as a board file (what ``read_board`` reads)."""

    def setup_board(self, scenario: Any, options: Any) -> tuple[dict[str, Any], list[str]]:
        """The board file of the game's set-up for the player's choices (``board TITLE
        --new``), the face-down markers without their backs, and a few lines for the player
        about it (what the content chose where the rules leave him the choice)."""

    def dice_hint(self, state: Any, purpose: str) -> str | None:
        """What succeeds on a roll made for ``purpose`` in ``state`` (``4 or less
        activates``), for the player rolling his own dice; None when the purpose says it."""

    def marker_backs(self, state: Any, zone: str) -> Sequence[Any]:
        """The backs (:class:`~paragraphs_raids.markers.MarkerBack`) the marker face down
        in ``zone`` may show: asked when the program does not know it (the player's own
        markers, ``shows`` left out of the board file)."""

    def marker_pool(self, state: Any, zone: str) -> Sequence[Any]:
        """The backs the face-down markers of ``zone``'s letter are dealt from, each as
        often as the set holds it: ``turn`` without a terminal draws from them the back of
        a marker the board file leaves unknown."""

    def own_counters(self, state: Any, roll: Any, choose: Callable[[str, Sequence[str]], int]) -> Any:
        """The roller of ``turn --dice physical`` in a terminal, for a title whose rules
        draw counters from a container the player holds himself: it may answer those
        draws (``choose(prompt, labels)`` asks him which kind came out, the place from 1).
        By default the roll is left as it is."""
        return roll

    def interactive(self, args: argparse.Namespace, host: Any) -> int:
        """``play TITLE`` without ``--auto``: the interactive game (exit code)."""


# --------------------------------------------------------------------------- shared helpers


def choices_of(spec: RaidTitle, args: argparse.Namespace) -> Any:
    """The title's options from ``--optional``, ``--difficulty``, ``--no-events``."""
    return spec.options(raid_choices(args, spec.id, spec.optional_rules, spec.levels or None))


def policy_factory(spec: RaidTitle, host: Any, policy_id: str | None) -> tuple[str, Callable[..., Any]]:
    """The factory of policy ``policy_id`` (``default`` when None) registered for the title.

    Raises:
        UsageError: no such policy.
    """
    wanted = policy_id or "default"
    found = {p.id: p for p in host.records("paragraphs_register_policies", spec.id)}
    if wanted not in found:
        raise UsageError(f"unknown policy {wanted!r} for {spec.id} (policies: {', '.join(sorted(found)) or 'none'})")
    return wanted, found[wanted].factory


def fresh_seed() -> int:
    """A seed for a game the user did not seed (printed, so it can be replayed)."""
    return random.SystemRandom().randrange(1 << 32)


# --------------------------------------------------------------------------- play --auto


def run_auto_play(spec: RaidTitle, args: argparse.Namespace, host: Any) -> int:
    """``play TITLE --auto``: one game of the title's policy against the rules' Germans."""
    from paragraphs.cli.terminal import emit_json, style

    from paragraphs_raids.journal import journal_lines

    if getattr(args, "dice", None) == "physical":
        raise UsageError("an automatic game rolls its own dice (drop --dice physical; use --seed to replay a game)")
    seed = args.seed if args.seed is not None else fresh_seed()
    policy_id, factory = policy_factory(spec, host, args.policy)
    options = choices_of(spec, args)
    check_outputs(args)  # before the game is played and printed
    scenario = spec.load_scenario(args, host)
    svg = getattr(args, "svg", None)
    draw = (lambda state: spec.write_picture(svg, scenario, state)) if svg else None  # the board as the game ends
    result = spec.play_game(scenario, seed, factory(), options, policy=policy_id, finished=draw)
    if args.json:
        emit_json(result.to_json())
        return 0
    rules = spec.describe_options(options)
    print(style(f"{spec.name}: automatic game, seed {seed}, policy {policy_id}" + (f" ({rules})" if rules else ""), "bold"))
    start, minutes = spec.clock(scenario)
    for line in journal_lines(result.journal.entries, start=start, minutes=minutes, phase_names=spec.phase_names):
        print(style(line, "dim") if line.startswith("        dice:") else line)
    level = spec.level_name(result.result)
    print(style(f"Result after {result.turns} turns: {result.vp} VP, {level}.", "bold"))
    for reason in result.reasons:
        print(f"  - {reason}")
    if svg:
        print(style(f"Board picture written to {svg}.", "dim"))
    return 0


# --------------------------------------------------------------------------- simulate

# Set once in each worker process (and in this one when jobs is 1).
_WORLD: tuple[RaidTitle, Any, Callable[[], Any], Any, bool] | None = None


def _init(spec: RaidTitle, scenario: Any, factory: Callable[[], Any], options: Any, check: bool = False) -> None:
    global _WORLD
    _WORLD = (spec, scenario, factory, options, check)


def play_one(item: tuple[int, int]) -> Any:
    """One game of the series (runs in a worker)."""
    from paragraphs_raids.series import GameSummary

    assert _WORLD is not None, "the worker was not initialised"
    spec, scenario, factory, options, check = _WORLD
    index, seed = item
    r = spec.play_game(scenario, seed, factory(), options, record=False, check=check)
    return GameSummary(index, seed, r.vp, r.result, r.turns)


def simulate(
    spec: RaidTitle,
    scenario: Any,
    factory: Callable[[], Any],
    options: Any,
    games: int,
    seed: int,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    check: bool = False,
    executor: str = "local",
    scheduler: str | None = None,
) -> list[Any]:
    """Play a series; the summaries are in game order whatever ``jobs`` and ``executor`` are.

    Game ``i`` is seeded with ``derive_seed(seed, i)``, so the figures depend neither on
    ``jobs`` nor on the executor (:mod:`paragraphs_raids.executors`).
    """
    from paragraphs_raids.executors import run_on

    return run_on(executor, play_one, games, seed, jobs=jobs, scheduler=scheduler, initializer=_init, initargs=(spec, scenario, factory, options, check), progress=progress)


def run_simulate(spec: RaidTitle, args: argparse.Namespace, host: Any) -> int:
    """``simulate TITLE``: a series (or a sweep of variants), as a table or ``--json``."""
    from paragraphs.cli.terminal import emit_json, style, table

    from paragraphs_raids.montecarlo import default_jobs
    from paragraphs_raids.progress import ProgressBar
    from paragraphs_raids.series import chart_target, draw_chart, parse_sweeps, summarise, sweep_rows, variant_json

    options = choices_of(spec, args)
    variants = parse_sweeps(args.sweep, spec.rulings, spec.optional_rules, spec.id, options.to_json()["optional"])
    chart = chart_target(args.chart)  # before any game is played
    policy_id, factory = policy_factory(spec, host, args.policy)
    scenario = spec.load_scenario(args, host)
    jobs = args.jobs or default_jobs()
    executor = "dask" if args.scheduler else args.executor
    summaries: list[tuple[Any, dict[str, Any]]] = []
    start = time.monotonic()
    for variant in variants:
        v_scenario, v_options = spec.apply_variant(scenario, options, variant)
        bar = ProgressBar(f"{spec.id} x{args.games}")
        results = simulate(spec, v_scenario, factory, v_options, args.games, args.seed, jobs, bar, check=args.check, executor=executor, scheduler=args.scheduler)
        summary = {"title": spec.id, "seed": args.seed, "policy": policy_id, "options": v_options.to_json(), **summarise(results, spec.result_levels, vp_floor=spec.vp_floor)}
        summaries.append((variant, summary))
    elapsed = time.monotonic() - start
    # the figures first: a chart that fails to be written at the last moment (the folder
    # gone, the disk full) no longer takes the series' figures with it
    if args.json:
        if args.sweep:
            emit_json({"title": spec.id, "games": args.games, "seed": args.seed, "policy": policy_id, "variants": [{"variant": variant_json(v), **s} for v, s in summaries]})
        else:
            emit_json(summaries[0][1])
        if chart is not None:
            draw_chart(chart, summaries, f"{spec.name}: VP over {args.games} games, seed {args.seed}")
        return 0
    where = f"a Dask cluster ({args.scheduler or f'{jobs} local worker' + ('s' if jobs != 1 else '')})" if executor == "dask" else f"{min(jobs, args.games)} job(s)"
    # the options every game was played with, so that a saved report reads on its own
    # (in a sweep, what every variant shares: its optional rules come on top of them)
    described = spec.describe_options(options)
    chosen = f"; {'every variant with ' if args.sweep else ''}{described}" if described else ""
    games = f"{args.games} automatic game{'s' if args.games != 1 else ''}"
    print(style(f"{spec.name}: {games}, seed {args.seed}, policy {policy_id}, {where}{chosen}", "bold"))
    if args.sweep:
        header, rows = sweep_rows(summaries)
        print(table(header, rows))
        cut = next((s["vp"]["ci95_cut"] for _, s in summaries if s["vp"].get("ci95_cut")), None)
        if cut:
            print(f"* the interval is cut {cut}")
    else:
        summary = summaries[0][1]
        vp = summary["vp"]
        cut = f", cut {vp['ci95_cut']}" if vp.get("ci95_cut") else ""
        # "to" between bounds: Dieppe's VP go below zero, and "-11.13-8.33" misreads
        print(f"VP: mean {vp['mean']:.2f} (95% CI {vp['ci95'][0]:.2f} to {vp['ci95'][1]:.2f}{cut}), sd {vp['sd']:.2f}, range {vp['min']} to {vp['max']}")
        rows = [[r["level"], r["games"], f"{100 * r['p']:.1f}%", f"{100 * r['ci95'][0]:.1f}%-{100 * r['ci95'][1]:.1f}%"] for r in summary["levels"]]
        print(table(["level", "games", "share", "95% CI (Wilson)"], rows))
        print("VP histogram: " + ", ".join(f"{k}:{v}" for k, v in vp["histogram"].items()))
    if chart is not None:
        sys.stdout.flush()
        draw_chart(chart, summaries, f"{spec.name}: VP over {args.games} games, seed {args.seed}")
        print(f"Chart written to {args.chart}.")
    played = args.games * len(variants)
    print(style(f"{played / elapsed:.0f} games/s on {where} ({os.cpu_count()} cores)", "dim"))
    return 0


# --------------------------------------------------------------------------- turn


def run_turn(spec: RaidTitle, args: argparse.Namespace, host: Any) -> int:
    """``turn TITLE --state BOARD``: the German actions of this turn, said and written out.

    Dice: seeded (``--seed``, or a fresh seed that is printed), a typed list (``--dice
    3,5,2``: when it runs out the command reports what happened so far and the die still
    needed, exit 1), or ``--dice physical`` (each die asked at the terminal with its
    purpose, as it is needed). Where the rules leave a choice to the British player
    (reorganising a stack after a hit), a terminal asks him; elsewhere his order on the
    board file stands. A marker the Germans turn over whose back the file does not give
    is asked at a terminal; elsewhere its back is drawn with the dice and said.
    """
    from paragraphs.cli.terminal import emit_json, style

    from paragraphs_raids.cli import parse_dice
    from paragraphs_raids.dice import DiceExhausted, PrngRoller, ScriptedRoller
    from paragraphs_raids.journal import Journal
    from paragraphs_raids.unseen_markers import draw_marker_back
    from paragraphs_raids.physical import TerminalRoller, ask_choice_terminal, ask_marker_terminal, ask_terminal

    check_outputs(args)  # before a die is asked or anything is written
    scenario = spec.load_scenario(args, host)
    journal = Journal()
    seed = None
    dice_text = args.dice
    if dice_text is not None and not dice_text.strip():
        raise UsageError("--dice needs your rolls (--dice 3,5,2) or the word physical; leave it out for computer dice")
    physical = dice_text is not None and dice_text.strip().lower() == "physical"
    roller: Any
    if physical:
        roller = TerminalRoller(scenario.conventions, journal.notes)
        source = "your dice, asked one at a time"
    elif dice_text is not None:
        roller = ScriptedRoller(parse_dice(dice_text), scenario.conventions, journal.notes)
        source = "your dice"
    else:
        seed = args.seed if args.seed is not None else fresh_seed()
        roller = PrngRoller(seed, scenario.conventions, journal.notes)
        source = f"seed {seed}"
    _not_a_save(spec, args.state)
    # the optional rules the command line names, if it names any: the file may record them
    # too (read_board refuses a contradiction)
    named = choices_of(spec, args) if getattr(args, "optional", None) or getattr(args, "difficulty", None) else None
    g = spec.read_board(args.state, scenario, roller, journal, named)
    if physical:
        roller.hint = lambda purpose: spec.dice_hint(g, purpose)
    printed: list[int] = [0]

    def shown_first(ask: Callable[..., Any]) -> Callable[..., Any]:
        # what happened so far is printed before a question, so the player sees why
        def asking(*a: Any) -> Any:
            _print_new_entries(journal, printed)
            return ask(*a)

        return asking

    if sys.stdin.isatty() and not args.json:
        # the player reorganises his own stacks after a hit (the rules leave it to him),
        # and says what a marker of his own shows when it flips
        g.british_reorganise = shown_first(ask_terminal)
        g.ask_marker = shown_first(lambda zone: ask_marker_terminal(zone, spec.marker_backs(g, zone)))
        if physical:
            # the player draws from his own containers: he says what came out
            g.roll = spec.own_counters(g, g.roll, shown_first(ask_choice_terminal))
    else:
        # nobody to ask (a script, a pipe, --json): the back of a marker the file leaves
        # unknown is drawn with the command's dice and said, so what it hides is placed
        # and written out like the rest of the phase (the player copies it to his board)
        g.ask_marker = lambda zone: draw_marker_back(zone, spec.marker_pool(g, zone), g.roll, lambda text: journal.log(g.turn, g.phase, text))
    before = g.alert.level
    turn = g.turn
    # the optional rules the phase is played with, by their names (the file's or the
    # command line's: the player sees which, before the first die)
    in_play: list[str] = list(g.options.to_json()["optional"])
    rules_said = "; optional rules: " + ", ".join(spec.optional_rules.get(r, r) for r in in_play) if in_play else ""
    if not args.json:
        word = spec.alert_word  # the title's own word for its track (Dieppe: alarm)
        print(style(f"{spec.name}, turn {turn}: German actions at {word} {before} ({source}{rules_said})", "bold"))
        if physical:
            roller.echo = lambda: _print_new_entries(journal, printed)
    stopped: DiceExhausted | None = None
    # --json with your own dice: stdout is the JSON document alone, so the questions (and
    # their refusals) go to stderr, as a shell's read -p does; they once came first on stdout
    asking = contextlib.redirect_stdout(sys.stderr) if physical and args.json else contextlib.nullcontext()
    try:
        with asking:
            spec.german_phase(g)
    except DiceExhausted as exc:
        stopped = exc
    except (EOFError, KeyboardInterrupt) as exc:
        print(file=sys.stderr if physical and args.json else sys.stdout)  # ends the prompt's line, where it was
        why = "stopped (Ctrl-C)" if isinstance(exc, KeyboardInterrupt) else "input closed"  # Ctrl-C was once said to close the input
        raise UsageError(f"{why} before the German phase was over: nothing was written") from None
    if stopped is not None:
        # what happened before the die that is missing, then the die itself
        if args.json:
            emit_json({"title": spec.id, "turn": turn, "alert": before, "seed": seed, "optional": in_play, "dice": "typed", "complete": False, "actions": [e.to_json() for e in journal.entries], "dice_so_far": [r.to_json() for r in journal.notes], "needed": str(stopped)})
        else:
            _print_new_entries(journal, printed)
            if journal.notes:
                print(style("      dice so far: " + "; ".join(f"{r.die} {r.value} ({r.purpose})" for r in journal.notes), "dim"))
            print(style(f"stopped: {stopped}", "yellow"))
            print("Nothing was written: give the dice again with the missing ones added.")
        return 1
    facts = spec.after_german_phase(g)
    board = spec.board_json(g)
    if args.out:
        from paragraphs.state.savefile import write_file_atomic

        from paragraphs_raids.boardfile import board_text

        # written beside, synced and renamed like a save: a kill never leaves half a board;
        # a counter a line, as the player edits it for the next turn
        write_file_atomic(args.out, board_text(board))
    svg = getattr(args, "svg", None)
    if svg:
        spec.write_picture(svg, scenario, g)
    if isinstance(roller, ScriptedRoller) and roller.unused:
        sys.stderr.write(f"paragraphs: warning: {roller.unused} of the --dice values were not needed\n")
    pending = int(facts.get("alert_rise", 0))
    last = spec.last_turn(scenario)
    if args.json:
        emit_json(
            {
                "title": spec.id,
                "turn": turn,
                "alert": before,
                "seed": seed,
                "optional": in_play,
                "dice": "physical" if physical else "typed" if dice_text is not None else "seeded",
                "complete": True,
                "actions": [e.to_json() for e in journal.entries],
                "alert_rise_next_phase_d": pending,
                "last_turn": turn >= last,
                "board": board,
            }
        )
        return 0
    _print_new_entries(journal, printed)
    if not journal.entries:
        # a phase in which no German fires, moves or arrives wrote nothing: say so, rather
        # than end on the heading as if the command had stopped
        print("No German unit acts this phase.")
    if pending:
        print(f"Combats this phase raise the alert by {pending} at the next alert phase.")
    if args.out:
        # only a title whose alert rises in a later phase (Bruneval) leaves it to the player;
        # Dieppe's alarm events count at once, and the file already holds them
        later = " (move the alert in the alert phase)" if "alert_rise" in facts else ""
        print(style(f"Board for turn {g.turn} written to {args.out}{later}.", "dim"))
    if svg:
        print(style(f"Board picture written to {svg}.", "dim"))
    if turn >= last:
        # a board at its last turn has no next German phase: the game ends with this turn
        print(f"Turn {turn} is the game's last (of {last}): finish it on your board, then count the victory points; there is no next turn to play.")
    return 0


def _not_a_save(spec: RaidTitle, path: str) -> None:
    """A session save given where a board file goes is said as such, not as a board that
    breaks the schema ("'alarm' is a required property"); read_board says what is wrong
    with any other path."""
    from paragraphs.state.savefile import is_session_save

    if is_session_save(path):
        raise UsageError(
            f"{path}: a session save, not a board file: turn {spec.id} plays the German phase of a board you describe "
            f"(a play {spec.id} save goes on with play {spec.id}, and board {spec.id} draws it)"
        )


def _print_new_entries(journal: Any, printed: list[int]) -> None:
    from paragraphs.cli.terminal import style

    for e in journal.entries[printed[0] :]:
        print(f"  {e.text}")
        if e.rolls:
            print(style("      dice: " + "; ".join(f"{r.die} {r.value} ({r.purpose})" for r in e.rolls), "dim"))
    printed[0] = len(journal.entries)
