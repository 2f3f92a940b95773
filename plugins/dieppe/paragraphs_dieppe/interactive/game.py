"""The interactive game of Commando n°4: Dieppe 1942: the player's orders and the automatic
phases, each one step of a core session.

Every function here is a title procedure (``Engine.perform``): it reads the game from the
session state (:mod:`paragraphs_dieppe.interactive.boardstate`), acts through the checked
actions the automatic game's player uses (:mod:`paragraphs_dieppe.game.actions`) and the
phases of :mod:`paragraphs_dieppe.game.turn`, says what happened, and writes the game
back. An order the rules forbid raises a one-line ``UsageError`` with the reason and
changes nothing.

* ``next`` (and ``pass``): the set-up, phase A of turn 1 (the unforeseen events) and the
  opening of phase B on the first call; later, the end of phase B and everything up to
  the next one: C (Job Done markers off), D (German fire, movement and reinforcements by
  their written rules), E, and F (victory) after the last turn or once every surviving
  commando is home.
* the British actions of phase B (rule 6, two different ones a unit): ``land``,
  ``move``, ``bangalore``, ``assault``, ``embark``, ``sail``, ``fire``; and
  ``reorganise`` (rule 2.2, no action).

Dice come from the session (seeded, or the player's own, each asked with its purpose and
what succeeds). What the rules leave to the British player in the middle of a step is
asked as a session question: whether an assault goes on for another round (11.2), whether
to take the last German prisoner (12), which unit goes on top of a stack the Germans hit
(2.2), and, with his own markers, what a flipped marker shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from paragraphs.errors import UsageError
from paragraphs_raids import session_orders as shared
from paragraphs_raids.actions import ActionRefused
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers, MarkerBack
from paragraphs_raids.session_game import Asker, ask_top_unit, board_data, hinted_roller, store_board
from paragraphs_raids.session_orders import ORDERS, OVER, START, playing, publish, say_new_entries
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece

from paragraphs_dieppe.game import actions
from paragraphs_dieppe.game.state import LAST_RESORT, GameState, Options
from paragraphs_dieppe.interactive.boardstate import game_from_json, game_to_json

TITLE = "dieppe"


# --------------------------------------------------------------------------- loading


def scenario_of(ctx: Any) -> Any:
    """The scenario of the session's book (built once per book, overlays included)."""
    from paragraphs_dieppe.scenario import scenario_from_book

    return shared.scenario_of(ctx, scenario_from_book)


#: Stands in before the session's roller is plugged in; never rolls for the rules.
_no_dice = shared.never_rolls("a die was rolled before the session's dice were ready")


def _wire(ctx: Any, g: GameState) -> None:
    """The session's dice and questions plugged into the rules' hooks."""
    from paragraphs_dieppe.raid_title import DIEPPE

    def say_so_far() -> None:
        say_new_entries(ctx, g.journal)

    asker = Asker(ctx, say_so_far)
    g.roll = hinted_roller(ctx, lambda purpose: DIEPPE.dice_hint(g, purpose), lambda purpose, faces, face: DIEPPE.roll_luck(g, purpose, faces, face), before=say_so_far)
    if (ctx.state.extra.get("_session") or {}).get("dice") == "physical":
        from paragraphs_dieppe.own_counters import own_counters

        g.roll = own_counters(g.roll, g, lambda prompt, labels: asker.choose("reinforcement_drawn", prompt, [(i + 1, label) for i, label in enumerate(labels)]))
    g.british_reorganise = lambda zone, stack: ask_top_unit(asker, zone, stack, LAST_RESORT, ask_one=False)
    g.keep_going = lambda commandos, germans: _ask_keep_going(asker, commandos, germans)
    g.take_prisoner = lambda captive: asker.choose("prisoner", f"{captive.label()} is the last German left: take him prisoner (rule 12)", [(1, "take him"), (2, "fight on")]) == 1
    g.ask_marker = lambda zone: _ask_marker(asker, g, zone)
    # the player orders his assault column: the commandos in the order he names them
    g.british_column = list


def _ask_keep_going(asker: Asker, commandos: Sequence[Piece], germans: Sequence[Piece]) -> bool:
    mine = ", ".join(p.label() for p in commandos)
    theirs = ", ".join(p.label() for p in germans)
    return asker.choose("assault", f"The round is over: {mine} against {theirs}; another round", [(1, "go on"), (2, "stop and fall back")]) == 1


def _ask_marker(asker: Asker, g: GameState, zone: str) -> MarkerBack | None:
    letter = g.letter(zone)
    backs = list(dict.fromkeys(g.scenario.marker_backs.get(letter, ())))
    if not backs:
        return None
    k = asker.choose("marker_shows", f"Flip the {letter} marker in {zone}: what does it show", [(i + 1, b.describe()) for i, b in enumerate(backs)])
    return backs[k - 1] if 1 <= k <= len(backs) else None


def load_game(ctx: Any, data: dict[str, Any], journal: Journal) -> GameState:
    g = game_from_json(data["game"], scenario_of(ctx), _no_dice, journal)
    _wire(ctx, g)
    return g


def _deal_blind(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
    # The player deals his own markers face down: the program deals in content order and
    # then forgets the backs (asked when a marker is flipped), so no die is rolled for it.
    return min(allowed) if allowed else 1


def _finish(ctx: Any, data: dict[str, Any], g: GameState, journal: Journal) -> None:
    data = dict(data)
    data["game"] = game_to_json(g)
    store_board(ctx, data)
    publish(ctx, journal, {"turn": g.turn, "alarm": g.alarm.level}, data.get("result"))


def _order(ctx: Any, act: Callable[[GameState], str]) -> str:
    data = playing(ctx)
    journal = Journal()
    g = load_game(ctx, data, journal)
    g.phase = "B"
    try:
        label = act(g)
    except ActionRefused as exc:
        raise UsageError(f"refused: {exc}") from None
    _finish(ctx, data, g, journal)
    return label


# --------------------------------------------------------------------------- words


def units_named(g: GameState, text: str, *, aboard: bool = False) -> list[Piece]:
    """``g2-1,g2-2`` (ids, any case; commas or spaces) -> the British pieces (``aboard``:
    units under an LCA are accepted too)."""
    named = shared.units_named(g.pieces, g.on_map(), text, example="g2-1,g2-2", off_map=aboard, whereabouts=lambda p: whereabouts(g, p))
    for p in named:
        if aboard and p.id in g.lost:
            # off the map is allowed aboard, but a lost LCA "carries nobody" and a lost
            # officer "is not aboard one LCA": say what happened to it
            raise UsageError(f"{p.label()} is lost")
    return named


def whereabouts(g: GameState, piece: Piece) -> str:
    """Where a British unit off the map is, and what it needs before an order on the map."""
    boat = carrier_of(g, piece)
    if boat is not None:
        if piece.id in g.reembarked:  # rule 9.2: it never lands again
            return f"is aboard {boat.label()}, not on the map: it embarked again and stays aboard"
        return f"is aboard {boat.label()}, not on the map: land the unit first (land {piece.id} BEACH)"
    if piece.id in g.lost:
        return "is lost"
    return "is not on the map"


def zone_named(g: GameState, word: str) -> str:
    return shared.zone_named(g.zmap.by_id, word, TITLE)


def path_named(g: GameState, text: str) -> list[str]:
    return shared.path_named(g.zmap.by_id, text, TITLE)


def lca_named(g: GameState, word: str) -> Piece:
    piece = g.pieces.get(word.lower())
    if piece is None or piece.role != "boat":
        raise UsageError(f"{word!r} is not one of the LCAs (lca-1 to lca-7)")
    if piece.id in g.lost:
        raise UsageError(f"{piece.label()} is lost")
    return piece


def carrier_of(g: GameState, piece: Piece) -> Piece | None:
    return next((g.pieces[b] for b, cargo in g.aboard.items() if piece.id in cargo), None)


# --------------------------------------------------------------------------- the phases


def order_next(ctx: Any, **_: Any) -> str:
    """Play on to the next British phase (the set-up first; the game's end if it comes)."""
    data = board_data(ctx)
    journal = Journal()
    if data is None or data.get("phase") == START:
        start = (data or {}).get("start", {})
        data = {"phase": ORDERS, "start": start}
        g = _set_up(ctx, start, journal)
        _begin_turn(g, 1)
        _finish(ctx, data, g, journal)
        return f"turn 1, your British actions (alarm {g.alarm.level})"
    if data["phase"] == OVER:
        raise UsageError("the game is over; start another with --new")
    g = load_game(ctx, data, journal)
    over = _end_turn(g)
    if over is not None:
        data = {**data, "phase": OVER, "result": over}
        _finish(ctx, data, g, journal)
        return str(over["text"])
    _begin_turn(g, g.turn + 1)
    _finish(ctx, data, g, journal)
    return f"turn {g.turn}, your British actions (alarm {g.alarm.level})"


def _set_up(ctx: Any, start: dict[str, Any], journal: Journal) -> GameState:
    from paragraphs_dieppe.game.setup import new_game

    options = Options(**{k: start[k] for k in ("bad_luck", "alarm", "vorwarts", "events", "difficulty") if k in start})
    physical = (ctx.state.extra.get("_session") or {}).get("dice") == "physical"
    if physical:
        g = new_game(scenario_of(ctx), _deal_blind, options, journal)
        g.markers = ActivationMarkers({z: None for z in g.markers})
        journal.entries[-1:] = []
        g.log_line(f"LCAs loaded in G1 and G2, posts manned; deal the {len(g.markers)} A and B markers face down on your map (you will be asked what each shows when it flips); alarm {g.alarm.level}.")
    else:
        # computer dice: the markers are dealt now, by the session's dice
        g = new_game(scenario_of(ctx), hinted_roller(ctx), options, journal)
    _wire(ctx, g)
    return g


def _begin_turn(g: GameState, turn: int) -> None:
    """Phase A (turn 1 only, unless --no-events), then the British phase B opens."""
    from paragraphs_dieppe.game.officers import begin_british_movement
    from paragraphs_dieppe.game.turn import phase_a

    g.turn = turn
    if turn in g.scenario.params.event_turns and g.options.events:
        phase_a(g)
    g.phase = "B"
    begin_british_movement(g)


def _end_turn(g: GameState) -> dict[str, Any] | None:
    """Phases C, D, E and, at the end, F; returns the result when the game ends here."""
    from paragraphs_dieppe.game.german import german_phase
    from paragraphs_dieppe.game.turn import end_of_british_phase, end_of_turn, game_over, officer_names, tally
    from paragraphs_dieppe.rules.victory import score, success_level

    end_of_british_phase(g)
    german_phase(g)
    end_of_turn(g)
    home = game_over(g)
    if g.turn < g.scenario.params.turns and not home:
        return None
    if home:
        g.log_line("every surviving commando is home: the game ends")
    g.phase = "F"
    s = g.scenario
    vp, reasons = score(tally(g), s.victory_points, s.tables["hess_timetable"], names=officer_names(g))
    level = success_level(vp, s.tables["success_levels"])
    g.log_line(f"victory: {vp} VP, {level} ({'; '.join(reasons)})")
    said = {"complete": "a complete success", "semi": "a semi success", "failure": "a failure"}.get(level, level)
    return {"vp": vp, "level": level, "reasons": list(reasons), "turns": g.turn, "text": f"game over after turn {g.turn}: {vp} VP, {said}"}


# --------------------------------------------------------------------------- British actions


def _moved(report: actions.MoveReport) -> str:
    if report.assault is not None:
        a = report.assault
        return "prisoner taken" if a.prisoner else ("zone taken" if a.won else "assault stopped")
    return f"in {report.end}" if report.end else "nobody arrived"


def land_from(g: GameState, units: str, path: str, *, bangalore: bool = False) -> str:
    """``land`` as typed, on the game ``g`` (``bangalore``: blowing wire met on the beach or
    on the way, as ``bangalore`` does for a walk; without it the wire stops the stack)."""
    named = units_named(g, units, aboard=True)
    if len(named) == 1 and named[0].role == "boat":
        lca = named[0]
        pieces = [p for p in g.cargo(lca)]
        if not pieces:
            raise UsageError(f"{lca.label()} carries nobody")
    else:
        lca_of = {carrier_of(g, p) for p in named}
        if None in lca_of or len(lca_of) != 1:
            raise UsageError("the units landing together are all aboard one LCA (board lists what each carries)")
        (found,) = lca_of
        assert found is not None
        lca, pieces = found, named
    said = _moved(actions.land(g, pieces, lca, path_named(g, path), bangalore=bangalore))
    # Units the beach had no room for stay in their LCA (actions._arrive): say so, or the
    # player takes them for landed.
    kept = [p.label() for p in pieces if p.id in g.aboard.get(lca.id, ())]
    if not kept:
        return said
    # ruling R47: they never landed, so (under the reading in force) they have not acted
    free = " (they have not acted)" if g.scenario.ruling("kept_aboard") == "not_acted" else ""
    return f"{said}; still aboard {lca.label()}, no room for them{free}: {'; '.join(kept)}"


def order_land(ctx: Any, units: str, path: str) -> str:
    """Rule 9.2: units aboard an LCA (or the LCA: its whole cargo) land on a beach and may walk
    on; barbed wire stops them, as it stops a ``move`` (rule 10 leaves the torpedo to the player)."""
    return _order(ctx, lambda g: land_from(g, units, path, bangalore=False))


def landing(g: GameState, units: str) -> bool:
    """Whether ``units`` names an LCA or units aboard one: then ``bangalore`` is a landing."""
    return any(p.role == "boat" or carrier_of(g, p) is not None for p in units_named(g, units, aboard=True))


def walk(g: GameState, units: str, path: str, *, bangalore: bool) -> str:
    """``move`` (``bangalore``: blowing wire on the way) as typed, on the game ``g``."""
    return _moved(actions.move(g, units_named(g, units), path_named(g, path), bangalore=bangalore))


def order_move(ctx: Any, units: str, path: str) -> str:
    """Rule 9.2: units standing together move along the zones named (barbed wire stops them)."""
    return _order(ctx, lambda g: walk(g, units, path, bangalore=False))


def order_bangalore(ctx: Any, units: str, path: str) -> str:
    """Rule 10: the same move (or landing, for units aboard an LCA), blowing a way through
    barbed wire with Bangalore torpedoes."""

    def act(g: GameState) -> str:
        if landing(g, units):
            return land_from(g, units, path, bangalore=True)
        return walk(g, units, path, bangalore=True)

    return _order(ctx, act)


def assault_into(g: GameState, units: str, target: str) -> str:
    """``assault`` as typed, on the game ``g``."""
    pieces = units_named(g, units)
    zone = zone_named(g, target)
    if zone not in g.markers and g.side_in(zone) != GERMAN:
        raise UsageError(f"refused: no German unit and no face-down marker in {zone} to assault")
    return _moved(actions.move(g, pieces, [zone], bangalore=False))


def order_assault(ctx: Any, units: str, target: str) -> str:
    """Rule 11.2: commandos enter a joined zone held by Germans (or a face-down marker)."""
    return _order(ctx, lambda g: assault_into(g, units, target))


def order_embark(ctx: Any, units: str, lca: str) -> str:
    """Rule 9.2: units on a beach go aboard an LCA waiting in the joined zone."""

    def act(g: GameState) -> str:
        actions.embark(g, units_named(g, units), lca_named(g, lca))
        return "embarked"

    return _order(ctx, act)


def order_sail(ctx: Any, lcas: str, path: str) -> str:
    """Rule 9: LCAs standing together sail along the sea lines (to Newhaven in the end)."""

    def act(g: GameState) -> str:
        boats = [lca_named(g, w) for w in lcas.replace(",", " ").split()]
        if not boats:
            raise UsageError("name the LCAs (lca-1,lca-2)")
        actions.sail(g, boats, path_named(g, path))
        return f"in {boats[0].zone}"

    return _order(ctx, act)


def fire_at(g: GameState, units: str, target: str, aim: str | None = None) -> str:
    """``fire`` as typed, on the game ``g``."""
    shooters = units_named(g, units)
    zone = zone_named(g, target)
    chosen = None
    if aim:
        chosen = g.pieces.get(aim.lower())
        if chosen is None or chosen.zone != zone or chosen.side != GERMAN:
            raise UsageError(f"refused: {aim!r} is not a German unit in {zone}")
        if shooters[0].role != "sniper":
            raise UsageError("refused: only the sniper picks his target in a stack (rule 11.1); others fire at the front line")
    shot = actions.fire(g, shooters, zone, chosen)
    return "target hit" if shot.result.defender_hit else "shooter hit"


def order_fire(ctx: Any, units: str, target: str, aim: str | None = None) -> str:
    """Rule 11.1: units of one zone fire at a zone in range; the first named is the shooter
    (the sniper may name the German unit he aims at)."""
    return _order(ctx, lambda g: fire_at(g, units, target, aim))


def order_reorganise(ctx: Any, zone: str, unit: str) -> str:
    """Rule 2.2: the British player orders his own stack (no action): the unit named goes on top."""

    def act(g: GameState) -> str:
        top = shared.one_unit(units_named(g, unit))
        where = zone_named(g, zone)
        if top.zone != where:
            raise UsageError(f"refused: {top.label()} is not in {where}")
        others = [p for p in g.stack(where) if p is not top]
        if top.role in LAST_RESORT and any(p.role not in LAST_RESORT for p in others):
            raise UsageError("refused: an officer or the sniper holds the front line only when alone (ruling R48)")
        g.stacks[where] = [top, *others]
        g.log_line(f"the British reorganise {where}: {top.label()} on top")
        return "reorganised"

    return _order(ctx, act)
